/** `npm run markets:import -- <file>`: end-of-day prices or announcements from a CSV file (see app/server/markets/csv-import-cli.server.ts). */
import "dotenv/config";

import { closeDatabase } from "../app/server/db/db.server";
import { runMarketsImportCommand } from "../app/server/markets/csv-import-cli.server";

const code = await runMarketsImportCommand(process.argv.slice(2));
await closeDatabase().catch(() => {});
process.exit(code);
