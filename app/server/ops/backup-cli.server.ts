/**
 * The logic behind `npm run backup` and `npm run restore`, importable so tests run it in-process. Each
 * command returns its exit code (0 done, 1 failed, 2 bad usage) and writes through `out`.
 */
import { z } from "zod";

import { getEnv, StartupError } from "../env.server";
import { ArchiveError } from "./backup-archive.server";
import { createBackup } from "./backup.server";
import { restoreBackup } from "./restore.server";

export interface CommandOutput {
  info: (line: string) => void;
  error: (line: string) => void;
}

export const BACKUP_USAGE = "Usage: npm run backup -- <file>            e.g. npm run backup -- marketwire-2026-11-20.tar.gz";
export const RESTORE_USAGE = "Usage: npm run restore -- <file> [--force]  --force replaces a database or uploads already there";

const fileArgument = z
  .string()
  .trim()
  .min(1)
  .refine((value) => !value.startsWith("-"), "a file name, not an option");

const backupArguments = z.tuple([fileArgument]);
const restoreArguments = z.union([
  z.tuple([fileArgument]),
  z.tuple([fileArgument, z.literal("--force")]),
  z.tuple([z.literal("--force"), fileArgument]),
]);

/** Expected problems (configuration, a refused target, a bad archive) are one line; anything else keeps its stack. */
function reportFailure(out: CommandOutput, prefix: string, error: unknown) {
  if (error instanceof StartupError || error instanceof ArchiveError) out.error(`${prefix}: ${error.message}`);
  else out.error(`${prefix}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** `npm run backup -- <file>`. */
export async function runBackupCommand(args: readonly string[], out: CommandOutput = console): Promise<number> {
  const parsed = backupArguments.safeParse(args);
  if (!parsed.success) {
    out.error(BACKUP_USAGE);
    return 2;
  }
  const [file] = parsed.data;
  try {
    const { manifest, source, uploads, uploadBytes } = await createBackup(file);
    const database = manifest.database.kind === "pglite" ? "the embedded database" : "PostgreSQL";
    out.info(
      `Backed up ${database} (from the ${source}, ${manifest.database.migrations} migrations) and ` +
        (manifest.uploads === "disk" ? `${uploads} uploads (${megabytes(uploadBytes)})` : "no uploads") +
        ` to ${file}.`,
    );
    // PRODUCT.md "Audit log": the anchor is worth most kept apart from the archive too.
    if (manifest.auditAnchor) {
      out.info(
        `Audit log anchor at this backup: ${manifest.auditAnchor} (in the archive's manifest; keep a copy elsewhere: ` +
          `npm run audit:verify -- --anchor ${manifest.auditAnchor} checks a database against it).`,
      );
    }
    if (manifest.uploads === "s3") {
      out.info(
        `Uploads are in the S3 bucket ${getEnv().S3!.bucket}: back them up there (bucket versioning, or a copy with ` +
          "`aws s3 sync` or `rclone sync`), at the same time as this archive.",
      );
    }
    return 0;
  } catch (error) {
    reportFailure(out, "Backup failed", error);
    return 1;
  }
}

/** `npm run restore -- <file> [--force]`. */
export async function runRestoreCommand(args: readonly string[], out: CommandOutput = console): Promise<number> {
  const parsed = restoreArguments.safeParse(args);
  if (!parsed.success) {
    out.error(RESTORE_USAGE);
    return 2;
  }
  const force = parsed.data.includes("--force");
  const file = parsed.data.find((arg) => arg !== "--force")!;
  try {
    const { manifest, uploads } = await restoreBackup(file, { force });
    const env = getEnv();
    const where = manifest.database.kind === "pglite" ? `the embedded database in ${env.DATA_DIR}` : "PostgreSQL (DATABASE_URL)";
    out.info(
      `Restored ${where} from ${file} (made ${manifest.createdAt}, ${manifest.database.migrations} migrations)` +
        (manifest.uploads === "disk" ? ` and ${uploads} uploads.` : "; its uploads are in the S3 bucket, restore them there."),
    );
    return 0;
  } catch (error) {
    reportFailure(out, "Restore failed", error);
    return 1;
  }
}
