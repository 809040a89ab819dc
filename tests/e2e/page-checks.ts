import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";

/**
 * The two checks every public page passes (README "Tests"): axe-core's WCAG 2.2 AA rules in Chromium, and
 * the W3C Nu Html Checker (vnu.jar, needs Java) on the server-rendered HTML.
 */

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
// vnu-jar's main module exports the path of its jar.
const vnuJar = String(require("vnu-jar"));

/**
 * axe-core's WCAG 2.2 AA violations on the page as it is, one line each. The pages' CSP admits only
 * scripts carrying the render's nonce, so the page's context must be made with `bypassCSP: true`.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    type Axe = {
      run: (
        context: object,
        options: object,
      ) => Promise<{ violations: { id: string; nodes: { target: string[]; html: string; failureSummary?: string }[] }[] }>;
    };
    const result = await (window as unknown as { axe: Axe }).axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      resultTypes: ["violations"],
    });
    // Each node with its markup and axe's reason, so a failure says which element and why.
    const node = (n: { target: string[]; html: string; failureSummary?: string }) =>
      `${n.target.join(" ")} ${n.html.slice(0, 120)} ${(n.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 200)}`;
    return result.violations.map((v) => `${v.id}: ${v.nodes.map(node).join(", ")}`);
  });
}

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: "warning" | "fatal" | "io" | "schema" | "internal";
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** One line per page and message (with its lines and a count), then the first offending markup. */
function summarise(messages: VnuMessage[], fileToPage: Map<string, string>) {
  const groups = new Map<string, { lines: number[]; extract?: string }>();
  for (const m of messages) {
    const key = `${fileToPage.get(m.url) ?? m.url}: ${m.message}`;
    const group = groups.get(key) ?? { lines: [], extract: m.extract?.trim() };
    group.lines.push(m.lastLine ?? 0);
    groups.set(key, group);
  }
  return [...groups]
    .map(([key, { lines, extract }]) => {
      const where = [...new Set(lines)].join(", ");
      return `${key} (${lines.length}× on line ${where})${extract ? `\n    ${extract}` : ""}`;
    })
    .join("\n");
}

/**
 * The Nu Html Checker's errors and warnings on these pages' HTML, each a summary naming the page (empty
 * when there are none). One JVM checks them all: starting it is the slow part.
 */
export async function nuHtmlCheck(pages: readonly { path: string; html: string }[]): Promise<{ errors: string; warnings: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "marketwire-html-"));
  try {
    const files: string[] = [];
    const fileToPage = new Map<string, string>();
    for (const [i, page] of pages.entries()) {
      const file = path.join(dir, `page-${i}.html`);
      await fs.writeFile(file, page.html);
      files.push(file);
      fileToPage.set(`file:${file}`, page.path);
    }
    // vnu exits 1 when it reports errors.
    const run = await promisify(execFile)("java", ["-jar", vnuJar, "--format", "json", "--stdout", ...files], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout?: string; stderr?: string; code?: number }) => {
      if (error.code === 1 && error.stdout) return { stdout: error.stdout, stderr: error.stderr ?? "" };
      throw error;
    });
    const { messages } = JSON.parse(run.stdout) as { messages: VnuMessage[] };
    return {
      errors: summarise(
        messages.filter((m) => m.type === "error" || m.type === "non-document-error"),
        fileToPage,
      ),
      warnings: summarise(
        messages.filter((m) => m.type === "info" && m.subType === "warning"),
        fileToPage,
      ),
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
