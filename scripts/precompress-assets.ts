/**
 * After `react-router build`: writes a brotli (.br) and a gzip (.gz) copy beside every compressible
 * file of the client build, so the server sends static files already compressed instead of compressing
 * each request again (PRODUCT.md "Speed"; served by express-static-gzip in server.ts).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|map)$/;
/** Below this, headers outweigh the savings. */
const MIN_BYTES = 1024;

async function* filesIn(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesIn(full);
    else if (entry.isFile()) yield full;
  }
}

export async function precompress(clientDir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  for await (const file of filesIn(clientDir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = await fs.readFile(file);
    if (content.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
      gzip(content, { level: 9 }),
    ]);
    await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
    files += 1;
    bytes += content.length;
    brotliBytes += br.length;
  }
  return { files, bytes, brotliBytes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
  const { files, bytes, brotliBytes } = await precompress(clientDir);
  console.info(`Precompressed ${files} files in ${clientDir}: ${Math.round(bytes / 1024)} KB → ${Math.round(brotliBytes / 1024)} KB (br)`);
}
