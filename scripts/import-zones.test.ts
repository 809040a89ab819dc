/** app/server/README.md: imports run one way, and `npm run lint` refuses one that runs back up. */
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
  ])("refuse %s importing %s", async (filePath, code) => {
    expect(await restrictedImports(filePath, `${code}\nexport {};\n`)).toBe(1);
  });

  it.each([
    ["app/routes/probe.tsx", 'import { getDb } from "~/server/db/db.server";'],
    ["app/components/site/probe.tsx", 'import { formatViews } from "~/lib/format";'],
    ["app/server/content/probe.server.ts", 'import { formatViews } from "~/lib/format";'],
    ["app/server/content/probe.server.test.ts", 'import { loader } from "~/routes/home";'],
    ["app/server/probe.server.ts", 'import { getDb } from "./db/db.server";'],
  ])("let %s import %s", async (filePath, code) => {
    expect(await restrictedImports(filePath, `${code}\nexport {};\n`)).toBe(0);
  });
});
