/** PRODUCT.md "Roles": /admin/users lists every account and gives each its role. */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { getCurrentUser } from "~/server/auth/session.server";
import { getDb, schema } from "~/server/db/db.server";

import { appRequest, createSignedInUser, signInCookie } from "../../tests/support/auth";
import { callRoute } from "../../tests/support/route";
import { action, loader, USER_TEXTS } from "./admin.users";

let admin: { cookie: string; email: string; id: string };

beforeAll(async () => {
  const created = await createSignedInUser({ role: "admin", email: "chief@example.com" });
  admin = { cookie: created.cookie, email: created.email, id: created.user.id };
});

const roleOf = async (userId: string) =>
  (await (await getDb()).select({ role: schema.profiles.role }).from(schema.profiles).where(eq(schema.profiles.userId, userId)))[0]?.role;

const post = (form: Record<string, string>, cookie = admin.cookie, path = "/admin/users") =>
  callRoute(action, appRequest(path, { method: "POST", cookie, form }));

/** Whether a session cookie still signs its holder in. */
const signedIn = async (cookie: string) => (await getCurrentUser(appRequest("/admin", { cookie }))) !== null;

describe("the list", () => {
  it("shows every account with its role, created and last sign-in dates, A–Z by email", async () => {
    await createSignedInUser({ role: "editor", email: "ed@example.com" });
    const { body } = await callRoute(loader, appRequest("/admin/users", { cookie: admin.cookie }));
    const emails = body.accounts.map((account) => account.email);
    expect(emails).toEqual([...emails].sort());
    expect(body.accounts.find((account) => account.email === "ed@example.com")).toMatchObject({
      role: "editor",
      createdAt: expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/),
      lastSignInAt: expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/),
    });
  });

  it("searches names and emails, literally, and pages by 25", async () => {
    for (let i = 0; i < 26; i++) await createSignedInUser({ email: `bulk-${String(i).padStart(2, "0")}@paged.example.com` });
    const first = (await callRoute(loader, appRequest("/admin/users?q=PAGED.example", { cookie: admin.cookie }))).body;
    expect(first).toMatchObject({ total: 26, page: 1, totalPages: 2, q: "PAGED.example" });
    expect(first.accounts).toHaveLength(25);
    const second = (await callRoute(loader, appRequest("/admin/users?q=paged.example&page=2", { cookie: admin.cookie }))).body;
    expect(second.accounts.map((account) => account.email)).toEqual(["bulk-25@paged.example.com"]);
    const none = (await callRoute(loader, appRequest("/admin/users?q=%25", { cookie: admin.cookie }))).body;
    expect(none.total).toBe(0);
  });
});

describe("changing a role", () => {
  it("gives the role and ends that account's sessions", async () => {
    const reader = await createSignedInUser({ email: "reader-to-editor@example.com" });
    expect(await signedIn(reader.cookie)).toBe(true);
    const answer = await post({ intent: "role", userId: reader.user.id, role: "editor", email: reader.email });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/admin/users");
    expect(await roleOf(reader.user.id)).toBe("editor");
    expect(await signedIn(reader.cookie)).toBe(false);
    // Signing in again gives a session with the new role.
    const again = await signInCookie(reader.email, reader.password);
    expect(await getCurrentUser(appRequest("/admin", { cookie: again }))).toMatchObject({ role: "editor", isStaff: true });
  });

  it("never demotes the last admin, and says why", async () => {
    const db = await getDb();
    await db.update(schema.profiles).set({ role: "reader" }).where(eq(schema.profiles.role, "admin"));
    await db.update(schema.profiles).set({ role: "admin" }).where(eq(schema.profiles.userId, admin.id));
    const answer = await post({ intent: "role", userId: admin.id, role: "editor" });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ ok: false, message: USER_TEXTS.lastAdmin });
    expect(await roleOf(admin.id)).toBe("admin");
  });

  it("an admin who changes their own role, another admin remaining, stays signed in on this device only", async () => {
    const other = await createSignedInUser({ role: "admin", email: "second-admin@example.com" });
    const elsewhere = await signInCookie(other.email, other.password);
    const answer = await post({ intent: "role", userId: other.user.id, role: "compliance" }, other.cookie);
    expect(answer.status).toBe(302);
    expect(await roleOf(other.user.id)).toBe("compliance");
    expect(await signedIn(other.cookie)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);
  });

  it.each([
    ["an unknown role", { intent: "role", role: "owner" }, 400, USER_TEXTS.failed],
    ["no account", { intent: "role", userId: "", role: "editor" }, 400, USER_TEXTS.failed],
    ["an unknown intent", { intent: "delete", role: "editor" }, 400, "Unknown action"],
    ["an account that does not exist", { intent: "role", userId: "no-such-user", role: "editor" }, 404, USER_TEXTS.notFound],
  ])("refuses %s with a message and changes nothing", async (_case, form, status, message) => {
    const target = await createSignedInUser();
    const answer = await post({ userId: target.user.id, ...form });
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ ok: false, message });
    expect(await roleOf(target.user.id)).toBe("reader");
  });
});
