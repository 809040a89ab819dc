/** `npm run restore -- <file> [--force]`: into an empty DATA_DIR or database; --force replaces what is there (app/server/ops/README.md). */
import "dotenv/config";

import { runRestoreCommand } from "../app/server/ops/backup-cli.server";

process.exit(await runRestoreCommand(process.argv.slice(2)));
