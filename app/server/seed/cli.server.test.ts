import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUserAccount } from "~/server/auth/auth.server";
import { getDb, schema } from "~/server/db/db.server";
import { resetEnvCache } from "~/server/env.server";

import { signInCookie } from "../../../tests/support/auth";
import { ADMIN_USAGE, runAdminCommand, runSeedCommand } from "./cli.server";
import { DEMO_COUNTS } from "./demo-content.server";

function capture() {
  const lines = { info: [] as string[], error: [] as string[] };
  return { lines, out: { info: (l: string) => lines.info.push(l), error: (l: string) => lines.error.push(l) } };
}

async function roleOf(email: string) {
  const db = await getDb();
  const [row] = await db
    .select({ role: schema.profiles.role })
    .from(schema.profiles)
    .innerJoin(schema.users, eq(schema.users.id, schema.profiles.userId))
    .where(eq(schema.users.email, email));
  return row?.role;
}

describe("runAdminCommand", () => {
  it.each([
    [[]],
    [["grant"]],
    [["promote", "a@example.com"]],
    [["grant", "a@example.com", "extra"]],
    [["grant", "a@example.com", "admin", "extra"]],
    [["grant", "a@example.com", "user"]],
    [["revoke", "a@example.com", "editor"]],
    [["revoke", "  "]],
  ])("prints the usage and exits 2 for bad arguments %j", async (args) => {
    const { lines, out } = capture();
    expect(await runAdminCommand(args, out)).toBe(2);
    expect(lines.error).toEqual([ADMIN_USAGE]);
  });

  it("exits 1 with a clear message for an unknown user", async () => {
    const { lines, out } = capture();
    expect(await runAdminCommand(["grant", "Nobody@Example.com"], out)).toBe(1);
    expect(lines.error).toEqual(["No user with email nobody@example.com: they must sign up first (at /auth), then run this again."]);
  });

  it('grants a named staff role, and the usage lists every role (PRODUCT.md "Roles")', async () => {
    await createUserAccount({ email: "writer@example.com", password: "correct-horse-battery", name: "Writer", emailVerified: true });
    for (const [role, said] of [
      ["contributor", "a contributor"],
      ["compliance", "a compliance reviewer"],
      ["editor", "an editor"],
    ] as const) {
      const { lines, out } = capture();
      expect(await runAdminCommand(["grant", "writer@example.com", role], out)).toBe(0);
      expect(lines.info[0]).toBe(`writer@example.com is now ${said}.`);
      expect(await roleOf("writer@example.com")).toBe(role);
    }
    expect(ADMIN_USAGE).toContain("Roles: reader, contributor, editor, compliance, admin");
  });

  it("grants and revokes the admin role of an existing user, whatever the email's case", async () => {
    await createUserAccount({ email: "editor@example.com", password: "editor-password", name: "Editor" });
    expect(await roleOf("editor@example.com")).toBe("reader");

    const granted = capture();
    expect(await runAdminCommand(["grant", " Editor@Example.com "], granted.out)).toBe(0);
    expect(granted.lines.info).toEqual(["editor@example.com is now an admin."]);
    expect(await roleOf("editor@example.com")).toBe("admin");

    const revoked = capture();
    expect(await runAdminCommand(["revoke", "editor@example.com"], revoked.out)).toBe(0);
    expect(revoked.lines.info[0]).toBe("editor@example.com is now a reader.");
    expect(revoked.lines.info[1]).toMatch(/^No admin account remains/);
    expect(await roleOf("editor@example.com")).toBe("reader");
  });
});

describe("runSeedCommand", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mw-seed-"));
  beforeAll(() => {
    process.env.DATA_DIR = dataDir;
    resetEnvCache();
  });
  afterAll(() => {
    delete process.env.DATA_DIR;
    resetEnvCache();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("reseeds the content, keeps accounts and creates the first admin once, its password in a file (no terminal)", async () => {
    const db = await getDb();
    await db.insert(schema.videos).values({ title: "Leftover", status: "published", publishedAt: new Date() });

    const first = capture();
    expect(await runSeedCommand(first.out, false)).toBe(0);
    expect(first.lines.error).toEqual([]);
    expect(first.lines.info[0]).toMatch(
      /^Reseeded (the embedded database|PostgreSQL).* in \d+ ms .*: 32 videos, 13 podcasts, 12 blog posts, 8 interviews, 8 special features, 14 companies\.$/,
    );
    const file = path.join(dataDir, "admin-password");
    expect(first.lines.info[1]).toBe(
      `Admin account created: sign in at http://localhost:3000/auth as admin@marketwire.local with the generated password in ${file} ` +
        "(readable by this user only; delete the file once you have signed in).",
    );
    const password = fs.readFileSync(file, "utf8").trim();
    expect(password).toMatch(/^\S{16}$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.lines.info.join("\n")).not.toContain(password);
    expect(await signInCookie("admin@marketwire.local", password)).toContain("session_token=");
    const [row] = (
      await db.execute(sql`select count(*)::int as n, count(*) filter (where title = 'Leftover')::int as leftover from videos`)
    ).rows as { n: number; leftover: number }[];
    expect(row).toEqual({ n: DEMO_COUNTS.videos, leftover: 0 });
    expect(await roleOf("editor@example.com")).toBe("reader");

    const second = capture();
    expect(await runSeedCommand(second.out, false)).toBe(0);
    expect(second.lines.info).toHaveLength(1);
  });
});
