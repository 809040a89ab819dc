/** app/server/README.md: imports run one way, and `npm run lint` refuses one that runs back up. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

async function restrictedImports(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === "no-restricted-imports").length;
}

describe("the import zones", () => {
  it.each([
    ["app/lib/probe.ts", 'import type { CurrentUser } from "~/server/auth/session.server";'],
    ["app/lib/probe.ts", 'import type { action } from "../routes/contact";'],
    ["app/components/site/probe.tsx", 'import type { action } from "~/routes/resources.newsletter";'],
    ["app/server/content/probe.server.ts", 'import { Pager } from "~/components/pager";'],
    ["app/server/content/probe.server.ts", 'import { loader } from "../../routes/home";'],
    ["app/server/probe.server.ts", 'import { PODCAST_COVER } from "./seo/preview-images.server";'],
    ["app/server/probe.server.ts", 'import { Pager } from "~/components/pager";'],
    ["app/server/probe.server.ts", 'import { healthRoutes } from "./ops/health.server";'],
    // Every feature folder has its zone, from app/server/README.md's layers: a folder above is refused.
    ["app/server/content/probe.server.ts", 'import { followCompany } from "../readers/follows.server";'],
    ["app/server/content/probe.server.ts", 'import { reviewItem } from "../review/review-item.server";'],
    ["app/server/inbox/probe.server.ts", 'import { subscriberState } from "~/server/newsletter/subscribers.server";'],
    ["app/server/db/probe.server.ts", 'import { appendAudit } from "../audit/audit-log.server";'],
    ["app/server/probe.server.ts", 'import { assignRequestId } from "./ops/request-id.server";'],
  ])("refuse %s importing %s", async (filePath, code) => {
    expect(await restrictedImports(filePath, `${code}\nexport {};\n`)).toBe(1);
  });

  it.each([
    ["app/routes/probe.tsx", 'import { getDb } from "~/server/db/db.server";'],
    ["app/components/site/probe.tsx", 'import { formatViews } from "~/lib/format";'],
    ["app/server/content/probe.server.ts", 'import { formatViews } from "~/lib/format";'],
    ["app/server/readers/probe.server.ts", 'import { liveEditionItems } from "../newsletter/edition-items.server";'],
    ["app/server/content/probe.server.test.ts", 'import { loader } from "~/routes/home";'],
    ["app/server/probe.server.ts", 'import { getDb } from "./db/db.server";'],
    // The log is root support every layer writes to, the lowest (db) included.
    ["app/server/db/probe.server.ts", 'import { logError } from "../log.server";'],
  ])("let %s import %s", async (filePath, code) => {
    expect(await restrictedImports(filePath, `${code}\nexport {};\n`)).toBe(0);
  });
});

/** app/server/README.md's layers, top first: the first word of each line of its one code block. */
function serverLayers(): string[] {
  const readme = readFileSync("app/server/README.md", "utf8");
  const block = /```\n([\s\S]*?)```/.exec(readme)![1]!;
  return block
    .trim()
    .split("\n")
    .map((line) => line.split(/\s+/)[0]!);
}

describe("the server's feature folders", () => {
  it("each imports only folders below it in app/server/README.md's layers (tests aside)", () => {
    const layers = serverLayers();
    expect(layers.slice(0, 6)).toEqual(["ops", "seed", "reports", "readers", "newsletter", "measurement"]);
    const upward: string[] = [];
    layers.forEach((folder, depth) => {
      for (const file of readdirSync(`app/server/${folder}`, { recursive: true, encoding: "utf8" })) {
        if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
        const code = readFileSync(path.join("app/server", folder, file), "utf8");
        for (const [, target] of code.matchAll(/from "(?:(?:\.\.\/)+|~\/server\/)([a-z-]+)\//g)) {
          const targetDepth = layers.indexOf(target!);
          if (targetDepth !== -1 && targetDepth < depth) upward.push(`${folder}/${file} imports ${target}`);
        }
      }
    });
    expect(upward).toEqual([]);
  });
});
