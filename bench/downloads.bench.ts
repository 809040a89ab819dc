/**
 * Enclosure benchmark (issue 45): `npm run bench:downloads` (docs/PERFORMANCE.md "Enclosure benchmark").
 *
 * Starts the production build on a fresh database with the demo content (embedded PGlite; with DATABASE_URL a
 * new database on that PostgreSQL server) and, side by side at BENCH_CONNECTIONS connections (default 50),
 * loads the newest episode's counting route (`/e/{id}.mp3`, PRODUCT.md "Measurement") and the same file as
 * a static file of the same server, each whole and as a 64 KB range, with a podcast app's user agent. Then it
 * stops the server (which writes the records still waiting) and counts the records: every answered request
 * must be one (a request cut off when a row ends may be recorded without its answer being counted).
 *
 * Writes the table into docs/PERFORMANCE.md between `<!-- downloads:start -->` and `<!-- downloads:end -->`.
 * Options (environment): BENCH_DURATION (seconds per row, default 8), BENCH_CONNECTIONS (default 50),
 * BENCH_PORT (default 4320), BENCH_BUILD_DIR, BENCH_SKIP_BUILD=1, BENCH_NO_WRITE=1, BENCH_VERBOSE=1,
 * DATABASE_URL.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

import {
  BUILD_DIR,
  buildApp,
  envNumber,
  freshDatabase,
  get,
  machine,
  markdownTable,
  ROOT,
  runMain,
  startServer,
  writeDocSection,
  type Database,
} from "./app-server";
import { loadRun, ms, perSecond } from "./load";

const DURATION = envNumber("BENCH_DURATION", 8);
const CONNECTIONS = envNumber("BENCH_CONNECTIONS", 50);
const PORT = envNumber("BENCH_PORT", 4320);
const RANGE = "bytes=0-65535";
const PODCAST_APP = { "user-agent": "Overcast/3.0 (+http://overcast.fm/; iOS podcast app)" };
const DOC = path.join(ROOT, "docs/PERFORMANCE.md");

/** The feed's newest episode: its counting route and the static file of the same bytes. */
async function newestEpisode(origin: string) {
  const feed = (await get(`${origin}/podcasts/rss.xml`)).body.toString("utf8");
  const match = /<enclosure length="(\d+)" type="audio\/mpeg" url="[^"]*?(\/e\/[\da-f-]{36}\.mp3)"/.exec(feed);
  if (!match) throw new Error("/podcasts/rss.xml lists no MP3 episode");
  const length = Number(match[1]);
  const dir = path.join(ROOT, BUILD_DIR, "client/media/audio");
  const file = fs.readdirSync(dir).find((name) => fs.statSync(path.join(dir, name)).size === length);
  if (!file) throw new Error(`no file of ${length} bytes in ${dir}`);
  return { route: match[2]!, staticPath: `/media/audio/${file}`, bytes: length };
}

async function countRecords(database: Database): Promise<number> {
  const query = "select count(*)::int as n from podcast_requests";
  if (database.kind === "postgres") {
    const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query<{ n: number }>(query)).rows[0]!.n;
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(database.env.DATA_DIR!);
  try {
    return (await db.query<{ n: number }>(query)).rows[0]!.n;
  } finally {
    await db.close();
  }
}

async function main() {
  const facts = machine();
  const startedAt = new Date();
  const loadAtStart = facts.load();
  await buildApp();
  const database = await freshDatabase();
  const server = await startServer({ port: PORT, database, pageCache: true });
  const episode = await newestEpisode(server.origin);
  console.info(`Episode: ${episode.route} = ${episode.staticPath} (${episode.bytes.toLocaleString("en-US")} bytes)`);

  const rows: { name: string; path: string; range: boolean; rps: number; p50: number; p99: number; ok: number; failures: number }[] = [];
  let routeAnswers = 0;
  for (const range of [false, true]) {
    for (const [name, target] of [
      ["static file", episode.staticPath],
      ["counting route", episode.route],
    ] as const) {
      const headers = { ...PODCAST_APP, ...(range ? { range: RANGE } : {}) };
      const result = await loadRun(server.origin, { connections: CONNECTIONS, duration: DURATION, requests: [{ path: target }], headers });
      rows.push({ name, path: target, range, rps: result.rps, p50: result.p50, p99: result.p99, ok: result.ok, failures: result.failures });
      if (target === episode.route) routeAnswers += result.ok + result.failures;
      console.info(`${name}${range ? ` (${RANGE})` : ""}: ${perSecond(result.rps)} req/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}`);
    }
  }
  await server.stop();
  const records = await countRecords(database);
  const loadAtEnd = facts.load();

  const table = markdownTable(
    ["target", "request", "connections", "req/s", "p50", "p99", "share of static req/s", "failed"],
    rows.map((row) => {
      const base = rows.find((other) => other.range === row.range && other.name === "static file")!;
      return [
        row.name,
        `\`${row.path.replace(/[\da-f-]{36}/, "{id}")}\` ${row.range ? `\`Range: ${RANGE}\`` : "whole file"}`,
        String(CONNECTIONS),
        perSecond(row.rps),
        ms(row.p50),
        ms(row.p99),
        `${Math.round((row.rps / base.rps) * 100)}%`,
        String(row.failures),
      ];
    }),
    [false, false, true, true, true, true, true, true],
  );
  const minutes = ((Date.now() - startedAt.getTime()) / 60_000).toFixed(1);
  const report = [
    `**Run recorded**: ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC, \`npm run bench:downloads\`, ${minutes} min.`,
    `${facts.cores} cores (${facts.cpu}), Node ${facts.node}; load average ${loadAtStart} at the start, ${loadAtEnd} at the end.`,
    `Database: ${database.label}. ${DURATION} s per row, ${CONNECTIONS} connections, a podcast app's user agent, no compression (audio). Episode file: ${episode.bytes.toLocaleString("en-US")} bytes.`,
    "",
    table,
    "",
    `Records: ${records.toLocaleString("en-US")} in podcast_requests for ${routeAnswers.toLocaleString("en-US")} answers of the counting route (${records >= routeAnswers ? "every answer recorded" : `${(routeAnswers - records).toLocaleString("en-US")} MISSING`}; requests cut off when a row ended are recorded too, up to ${CONNECTIONS} a row).`,
  ].join("\n");
  console.info(`\n${report}\n`);
  if (records < routeAnswers) process.exitCode = 1;
  if (process.env.BENCH_NO_WRITE === "1") console.info("BENCH_NO_WRITE=1: docs/PERFORMANCE.md left as it is.");
  else writeDocSection(DOC, "downloads", "## Enclosure benchmark (npm run bench:downloads)", report);
}

runMain(main);
