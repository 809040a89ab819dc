/** `npm run audit:verify [-- --anchor <id:hash>]`: checks the audit log's hash chain (PRODUCT.md "Audit log"); exit code 1 names the first bad entry. */
import "dotenv/config";

import { runAuditVerifyCommand } from "../app/server/audit/audit-verify-cli.server";
import { closeDatabase } from "../app/server/db/db.server";

const code = await runAuditVerifyCommand(process.argv.slice(2));
await closeDatabase().catch(() => {});
process.exit(code);
