/** `npm run backup -- <file>`: the database and the uploads on disk in one archive, while the site runs (app/server/ops/README.md). */
import "dotenv/config";

import { runBackupCommand } from "../app/server/ops/backup-cli.server";

process.exit(await runBackupCommand(process.argv.slice(2)));
