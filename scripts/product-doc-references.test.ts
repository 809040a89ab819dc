/**
 * Comments point at the product's own documentation, docs/PRODUCT.md, by heading (`PRODUCT.md "Search"`).
 * This keeps those pointers followable: every heading cited must exist, and nothing under app/ may point
 * at the prototype's documents, which are not in the repository.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const SOURCE_DIRS = ["app", "scripts", "bench", "tests"];
const SKIP_DIRS = new Set(["node_modules", ".react-router", "build", "test-results", "playwright-report"]);

function sourceFiles(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** Every file that may cite the document: the TypeScript of the source folders and of the top level (server.ts, configs), the README and docs/. */
function citingFiles(): string[] {
  const topLevel = fs.readdirSync(ROOT).filter((name) => /\.tsx?$/.test(name));
  const docs = fs
    .readdirSync(path.join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => path.join("docs", name));
  return [...topLevel, ...SOURCE_DIRS.flatMap(sourceFiles), "README.md", ...docs].filter((file) => fs.existsSync(path.join(ROOT, file)));
}

function read(file: string): string {
  return fs.readFileSync(path.join(ROOT, file), "utf8");
}

/** The headings of docs/PRODUCT.md, at every level. */
function productHeadings(): Set<string> {
  const headings = [...read("docs/PRODUCT.md").matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map((match) => match[1]);
  return new Set(headings);
}

// Built from parts so this file does not cite anything itself.
const DOC = "PRODUCT" + "\\.md";
/** A comment's line break and the `*` or `//` that continues it, marked so a line count survives. */
const CONTINUATION = /[ \t]*\n[ \t]*(?:\*(?!\/)|\/\/)[ \t]*/g;
const JOIN = "\uE000"; // a private-use character, never in the sources
/** `PRODUCT.md "Search"`, also inside a string (`\"`) and broken across a comment's lines. */
const CITATION = new RegExp(`${DOC}[\\s${JOIN}]+\\\\?"([^"\\\\\\n]{1,80})\\\\?"`, "g");

/** Each heading cited in a file, with the line it starts on. */
function citations(text: string): { heading: string; line: number }[] {
  const joined = text.replace(CONTINUATION, (gap) => JOIN.repeat(gap.split("\n").length - 1));
  return [...joined.matchAll(CITATION)].map((match) => ({
    heading: match[1].replaceAll(JOIN, " ").replace(/\s+/g, " "),
    line: joined.slice(0, match.index).split(/[\n\uE000]/).length,
  }));
}

/**
 * What points at the prototype's documents: a section of its spec ('spec', the section sign, a number),
 * its spec file or its architecture page. Built from parts, so the search for them does not find this file.
 */
const SECTION = "\u00a7";
const PROTOTYPE_REFERENCE = new RegExp([`spec ${SECTION}`, `${SECTION}[0-9]`, "SPEC" + "\\.md", "ARCHI" + "TECTURE"].join("|"));

describe("docs/PRODUCT.md references", () => {
  it("reads citations on one line, in strings and broken across a comment's lines", () => {
    const sample = ["// X.md", '// "A"', " * X.md", ' * "B" and X.md \\"C\\" and X.md "D"', ' * X.md "E', ' * F"']
      .join("\n")
      .replaceAll("X.md", "PRODUCT.md");
    expect(citations(sample)).toEqual([
      { heading: "A", line: 1 },
      { heading: "B", line: 3 },
      { heading: "C", line: 4 },
      { heading: "D", line: 4 },
      { heading: "E F", line: 5 },
    ]);
  });

  it("every heading a comment cites exists in docs/PRODUCT.md", () => {
    const headings = productHeadings();
    const missing = citingFiles().flatMap((file) =>
      citations(read(file))
        .filter(({ heading }) => !headings.has(heading))
        .map(({ heading, line }) => `${file}:${line} cites "${heading}"`),
    );
    expect(missing).toEqual([]);
  });

  it("nothing under app/ points at the prototype's spec or architecture documents", () => {
    const found = sourceFiles("app").flatMap((file) =>
      read(file)
        .split("\n")
        .flatMap((text, i) => (PROTOTYPE_REFERENCE.test(text) ? [`${file}:${i + 1}: ${text.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
