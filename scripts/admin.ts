/** `npm run admin -- grant|revoke <email>` (see app/server/seed/cli.server.ts). */
import "dotenv/config";

import { closeDatabase } from "../app/server/db/db.server";
import { runAdminCommand } from "../app/server/seed/cli.server";

const code = await runAdminCommand(process.argv.slice(2));
await closeDatabase().catch(() => {});
process.exit(code);
