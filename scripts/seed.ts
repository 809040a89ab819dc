/** `npm run seed`: replaces all content with the demo catalogue (see app/server/seed/cli.server.ts). */
import "dotenv/config";

import { closeDatabase } from "../app/server/db/db.server";
import { runSeedCommand } from "../app/server/seed/cli.server";

const code = await runSeedCommand();
await closeDatabase().catch(() => {});
process.exit(code);
