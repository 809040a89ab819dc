/**
 * Just enough of a Dockerfile reader for the image test (postgres/image.test.ts): stages and their
 * instructions, line continuations joined, comments dropped. Refuses what it does not understand, so a
 * change to the Dockerfile that the test cannot follow fails loudly instead of being skipped.
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface Instruction {
  op: string;
  /** The text after the instruction's name. */
  args: string;
}

export interface Stage {
  name: string;
  from: string;
  instructions: Instruction[];
}

const KNOWN = new Set(["FROM", "WORKDIR", "COPY", "RUN", "ENV", "USER", "VOLUME", "EXPOSE", "HEALTHCHECK", "STOPSIGNAL", "CMD"]);

export function parseDockerfile(text: string): Stage[] {
  const logical: string[] = [];
  let pending = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!pending && (line === "" || line.startsWith("#"))) continue;
    if (line.endsWith("\\")) {
      pending += line.slice(0, -1) + " ";
      continue;
    }
    logical.push(pending + line);
    pending = "";
  }
  const stages: Stage[] = [];
  for (const line of logical) {
    const [, op, args = ""] = /^(\S+)\s*(.*)$/.exec(line)!;
    if (!KNOWN.has(op!)) throw new Error(`The image test does not know the instruction ${op}: teach tests/reliability/dockerfile.ts`);
    if (op === "FROM") {
      const match = /^(\S+) AS (\S+)$/i.exec(args);
      if (!match) throw new Error(`FROM without a stage name: ${line}`);
      stages.push({ name: match[2]!, from: match[1]!, instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`${op} before FROM`);
    stage.instructions.push({ op: op!, args: args.trim() });
  }
  return stages;
}

/** `KEY=value KEY2=value2` (values without spaces or quotes, as ours are). */
export function parseEnv(args: string): Record<string, string> {
  return Object.fromEntries(
    args
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => {
        const match = /^([A-Z_][A-Z0-9_]*)=([^"'\s]*)$/.exec(pair);
        if (!match) throw new Error(`ENV the image test cannot read: ${pair}`);
        return [match[1]!, match[2]!];
      }),
  );
}

/** COPY's flags, sources and destination. */
export function parseCopy(args: string): { from?: string; sources: string[]; destination: string } {
  const words = args.split(/\s+/);
  let from: string | undefined;
  while (words[0]?.startsWith("--")) {
    const flag = words.shift()!;
    if (flag.startsWith("--from=")) from = flag.slice("--from=".length);
    else throw new Error(`COPY flag the image test does not know: ${flag}`);
  }
  const destination = words.pop();
  if (!destination || words.length === 0) throw new Error(`COPY without sources: ${args}`);
  return { from, sources: words, destination };
}

/** The JSON array of an exec-form CMD (or HEALTHCHECK's CMD after its options). */
export function execForm(args: string): string[] {
  const json = args.slice(args.indexOf("["));
  const parsed = JSON.parse(json) as unknown;
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === "string")) throw new Error(`Not an exec form: ${args}`);
  return parsed;
}

/** Top-level names .dockerignore leaves out of the build context (simple patterns only: `name`, `*.ext`, `prefix-*`). */
export function dockerignored(contextDir: string): (name: string) => boolean {
  const file = path.join(contextDir, ".dockerignore");
  const patterns = fs
    .readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const matchers = patterns.map((pattern) => {
    if (pattern.includes("/") || pattern.startsWith("!")) throw new Error(`.dockerignore pattern the image test cannot follow: ${pattern}`);
    return new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")}$`);
  });
  return (name) => matchers.some((matcher) => matcher.test(name));
}

/**
 * What configures the build stage's `npm run build` (package.json's build script, its config files and
 * scripts) and the server entry it compiles. The sources themselves are built by CI's own `npm run build`
 * on every run; what only the image's clean folder can break is its install and this configuration.
 */
export const BUILD_CONFIGURATION = [
  "tsconfig.json",
  "vite.config.ts",
  "react-router.config.ts",
  "scripts/precompress-assets.ts",
  "scripts/build-server.ts",
  "server.ts",
  "create-app.ts",
];

/**
 * The build stage's inputs in `contextDir` (a build context: the committed files), each with its digest:
 * the Dockerfile, .dockerignore, the files the stage's COPY lines name (not those `--from` another stage),
 * and, for a COPY of the whole context, the build's configuration (BUILD_CONFIGURATION) once .dockerignore
 * has left its names out. `except` names files to leave out.
 */
export function buildStageInputs(contextDir: string, stage: Stage, except: string[] = []): Map<string, string> {
  const ignored = dockerignored(contextDir);
  const files = new Set(["Dockerfile", ".dockerignore"]);
  for (const { op, args } of stage.instructions) {
    if (op !== "COPY") continue;
    const { from, sources } = parseCopy(args);
    if (from) continue;
    for (const source of sources) {
      const entries =
        source === "." || source === "./"
          ? BUILD_CONFIGURATION.filter((file) => !ignored(file.split("/")[0]!) && fs.existsSync(path.join(contextDir, file)))
          : [source];
      for (const entry of entries) filesUnder(contextDir, path.normalize(entry), files);
    }
  }
  for (const file of except) files.delete(file);
  return new Map([...files].sort().map((file) => [file, digest(path.join(contextDir, file))]));
}

function filesUnder(root: string, relative: string, into: Set<string>) {
  if (!fs.lstatSync(path.join(root, relative)).isDirectory()) {
    into.add(relative);
    return;
  }
  for (const entry of fs.readdirSync(path.join(root, relative))) filesUnder(root, path.join(relative, entry), into);
}

/** A file's content sha256 and whether it is executable (COPY keeps the mode), or a symbolic link's target. */
function digest(file: string): string {
  const stat = fs.lstatSync(file);
  if (stat.isSymbolicLink()) return `link ${fs.readlinkSync(file)}`;
  return `${stat.mode & 0o111 ? "executable" : "file"} ${crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex")}`;
}

/** One sha256 of every input's path and digest (buildStageInputs): it changes when any of them does. */
export function fingerprint(inputs: Map<string, string>): string {
  const hash = crypto.createHash("sha256");
  for (const [file, fileDigest] of [...inputs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) hash.update(`${file}\0${fileDigest}\n`);
  return hash.digest("hex");
}

/**
 * Copies `sources` (relative to `fromDir`, as COPY names them, or absolute within the stage's root) to
 * `destination` (relative to `toDir`, the stage's WORKDIR): one source into a folder destination ending
 * in `/` keeps its name; `.` copies the folder's contents but the names `skip` says. Hard links by default:
 * node_modules is hundreds of MB, and every folder copied from here is a throw-away one; `hardLinks: false`
 * for files that will be written to in place, which a hard link would carry back to where they came from.
 */
export function copyInto(
  fromDir: string,
  sources: string[],
  toDir: string,
  destination: string,
  { skip = () => false, hardLinks = true }: { skip?: (name: string) => boolean; hardLinks?: boolean } = {},
) {
  const copy = (from: string, to: string) => {
    fs.mkdirSync(path.dirname(to), { recursive: true });
    execFileSync("cp", [hardLinks ? "-alf" : "-af", from, to]);
  };
  for (const source of sources) {
    const from = path.join(fromDir, source);
    if (!fs.existsSync(from)) throw new Error(`COPY source missing: ${source}`);
    if (source === "." || source === "./") {
      for (const entry of fs.readdirSync(from)) {
        if (!skip(entry)) copy(path.join(from, entry), path.join(toDir, destination, entry));
      }
      continue;
    }
    const target =
      destination.endsWith("/") || sources.length > 1
        ? path.join(toDir, destination, path.basename(source))
        : path.join(toDir, destination);
    copy(from, target);
  }
}
