/** `npm run audit:verify`: checks the audit log's hash chain (PRODUCT.md "Audit log"); exit code 1 names the first bad entry. */
import "dotenv/config";

import { verifyAuditLog } from "../app/server/audit/audit-log.server";
import { closeDatabase } from "../app/server/db/db.server";

const result = await verifyAuditLog();
await closeDatabase().catch(() => {});
if (result.ok) {
  console.info(`Audit log intact: ${result.entries.toLocaleString("en-US")} entries, each linked to the one before.`);
  process.exit(0);
}
console.error(`Audit log broken after ${result.entries.toLocaleString("en-US")} good entries: ${result.problem}.`);
process.exit(1);
