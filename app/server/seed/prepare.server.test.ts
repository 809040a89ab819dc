import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

import { ADMIN_PASSWORD_FILE, reportCreatedAdmin } from "./prepare.server";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function report(created: { password: string; generated: boolean }, isTerminal: boolean) {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "mw-admin-")), "data");
  dirs.push(path.dirname(dataDir));
  const printed: string[] = [];
  reportCreatedAdmin(
    { email: "admin@example.com", ...created },
    { isTerminal, dataDir, signInUrl: "https://news.example/auth", print: (text) => printed.push(text) },
  );
  return { printed: printed.join("\n"), file: path.join(dataDir, ADMIN_PASSWORD_FILE) };
}

describe('reportCreatedAdmin (PRODUCT.md "Security": no password in the logs)', () => {
  it("shows a generated password once on a terminal and writes no file", () => {
    const { printed, file } = report({ password: "Gen3rated-Pass", generated: true }, true);
    expect(printed).toContain("password: Gen3rated-Pass");
    expect(printed).toContain("shown only this once");
    expect(fs.existsSync(file)).toBe(false);
  });

  it("without a terminal writes it to DATA_DIR/admin-password (mode 0600) and prints only the path", () => {
    const { printed, file } = report({ password: "Gen3rated-Pass", generated: true }, false);
    expect(printed).not.toContain("Gen3rated-Pass");
    expect(printed).toContain(file);
    expect(fs.readFileSync(file, "utf8")).toBe("Gen3rated-Pass\n");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it("makes an existing file private again when it overwrites it", () => {
    const first = report({ password: "first-Generated", generated: true }, false);
    fs.chmodSync(first.file, 0o644);
    reportCreatedAdmin(
      { email: "admin@example.com", password: "second-Generated", generated: true },
      { isTerminal: false, dataDir: path.dirname(first.file), signInUrl: "https://news.example/auth", print: () => {} },
    );
    expect(fs.readFileSync(first.file, "utf8")).toBe("second-Generated\n");
    expect(fs.statSync(first.file).mode & 0o777).toBe(0o600);
  });

  it.each([true, false])("never repeats a password chosen in ADMIN_PASSWORD (terminal: %s)", (isTerminal) => {
    const { printed, file } = report({ password: "chosen-by-operator", generated: false }, isTerminal);
    expect(printed).toBe("Admin account created: sign in at https://news.example/auth as admin@example.com with ADMIN_PASSWORD.");
    expect(fs.existsSync(file)).toBe(false);
  });
});
