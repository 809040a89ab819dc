/**
 * The logic behind `npm run markets:import -- <file>` (PRODUCT.md "CSV imports"), importable so tests run it
 * in-process. Returns its exit code (0 imported, 1 refused or failed, 2 bad usage) and writes through `out`.
 */
import { promises as fs } from "node:fs";
import path from "node:path";

import { StartupError } from "../env.server";
import { describeImport, fileTooLarge, importMarketCsv, MARKET_CSV_LIMITS } from "./csv-import.server";

export interface CommandOutput {
  info: (line: string) => void;
  error: (line: string) => void;
}

export const MARKETS_IMPORT_USAGE =
  "Usage: npm run markets:import -- <file.csv>   end-of-day prices or announcements (docs/PRODUCT.md, CSV imports)";

/** `npm run markets:import -- <file>`: one file a run, audited as done by the command. */
export async function runMarketsImportCommand(args: readonly string[], out: CommandOutput = console): Promise<number> {
  const [file, ...rest] = args;
  if (!file?.trim() || file.startsWith("-") || rest.length > 0) {
    out.error(MARKETS_IMPORT_USAGE);
    return 2;
  }
  try {
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) {
      out.error(`Import refused: ${file} is not a file.`);
      return 1;
    }
    const name = path.basename(file);
    // The size is checked before the file is read, as the upload checks it while it arrives.
    if (stat.size > MARKET_CSV_LIMITS.bytes) {
      out.error(`Import refused (${name}): ${fileTooLarge(stat.size)} Nothing was imported.`);
      return 1;
    }
    const result = await importMarketCsv(await fs.readFile(file), {
      actor: { id: null, name: "npm run markets:import", role: null },
      fileName: name,
    });
    if (!result.ok) {
      out.error(`Import refused (${name}): ${result.error} Nothing was imported.`);
      return 1;
    }
    out.info(describeImport(result.counts));
    return 0;
  } catch (error) {
    if (error instanceof StartupError) out.error(`Import failed: ${error.message}`);
    else out.error(`Import failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  }
}
