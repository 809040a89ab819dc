/**
 * After `react-router build`: compiles the HTTP entry (server.ts and the app/server modules it imports)
 * into one JavaScript file beside the React Router build, `<BUILD_DIR>/server.js`, so production runs it
 * with plain `node`: no TypeScript loader sits between the process manager's SIGTERM and the server's clean
 * stop. Packages stay in node_modules.
 */
import path from "node:path";
import { build } from "esbuild";

export async function buildServerEntry(buildDir: string): Promise<string> {
  const outfile = path.join(buildDir, "server.js");
  await build({
    entryPoints: ["server.ts"],
    outfile,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
  });
  return outfile;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outfile = await buildServerEntry(path.resolve(process.env.BUILD_DIR ?? "build"));
  console.info(`Compiled the server entry into ${path.relative(process.cwd(), outfile)}`);
}
