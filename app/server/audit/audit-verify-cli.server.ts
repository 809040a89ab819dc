/**
 * The logic behind `npm run audit:verify [-- --anchor <id:hash>]` (PRODUCT.md "Audit log"), importable so tests
 * run it in-process. Returns the exit code: 0 intact, 1 broken, 2 bad usage.
 */
import { formatAuditAnchor, parseAuditAnchor, verifyAuditLog, type AuditAnchor } from "./audit-log.server";

export interface CommandOutput {
  info: (line: string) => void;
  error: (line: string) => void;
}

export const AUDIT_VERIFY_USAGE =
  "Usage: npm run audit:verify [-- --anchor <id:hash>]   the anchor a backup or the server's log printed, e.g. 1234:9f86d0…";

/** `--anchor <value>` or `--anchor=<value>`, nothing else; null when the arguments are not that. */
function readArguments(args: readonly string[]): { anchor?: AuditAnchor } | null {
  if (args.length === 0) return {};
  const value =
    args.length === 2 && args[0] === "--anchor" ? args[1] : args.length === 1 ? /^--anchor=(.*)$/.exec(args[0]!)?.[1] : undefined;
  if (value === undefined) return null;
  const anchor = parseAuditAnchor(value);
  return anchor ? { anchor } : null;
}

export async function runAuditVerifyCommand(args: readonly string[], out: CommandOutput = console): Promise<number> {
  const options = readArguments(args);
  if (!options) {
    out.error(AUDIT_VERIFY_USAGE);
    return 2;
  }
  const result = await verifyAuditLog(options);
  if (!result.ok) {
    out.error(`Audit log broken after ${result.entries.toLocaleString("en-US")} good entries: ${result.problem}.`);
    return 1;
  }
  const checked = options.anchor ? `, up to and past anchor entry ${options.anchor.id}` : "";
  out.info(`Audit log intact: ${result.entries.toLocaleString("en-US")} entries, each linked to the one before${checked}.`);
  if (result.unkeyed > 0) {
    out.info(
      `${result.unkeyed.toLocaleString("en-US")} of them were written before the chain was keyed: only an anchor taken since proves them.`,
    );
  }
  if (result.head) out.info(`Anchor of its newest entry (keep it outside this server): ${formatAuditAnchor(result.head)}`);
  return 0;
}
