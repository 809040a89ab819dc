import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import type { Right } from "~/lib/roles";

import { appRequest, BASE_URL, cookieHeaderFrom, createSignedInUser, signInCookie } from "../../../tests/support/auth";
import { callRoute } from "../../../tests/support/route";
import { getDb, schema } from "../db/db.server";
import { COMMON_PASSWORD_MESSAGE } from "../password-policy.server";
import { createUserAccount, getAuth } from "./auth.server";
import { getCurrentUser, requireRight, ROLE_REFUSAL } from "./session.server";

async function post(path: string, body: unknown, cookie?: string) {
  const auth = await getAuth();
  return auth.handler(
    new Request(`${BASE_URL}/api/auth${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: BASE_URL, ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify(body),
    }),
  );
}

/** The Response or data() requireRight throws for this request (entering the admin area unless a right is named). */
const refusalOf = (request: Request, right: Right = "admin.enter") =>
  callRoute((args: { request: Request }) => requireRight(args.request, right), request, { throws: true });

describe("sign-up", () => {
  it("creates the user, a profile with the display name and the reader role", async () => {
    const response = await post("/sign-up/email", { email: "Ann@Example.com", password: "ledger-secret-1", name: "Ann Analyst" });
    expect(response.status).toBe(200);
    const db = await getDb();
    const [user] = await db.select().from(schema.users).where(eq(schema.users.email, "ann@example.com"));
    expect(user?.name).toBe("Ann Analyst");
    const [profile] = await db.select().from(schema.profiles).where(eq(schema.profiles.userId, user!.id));
    expect(profile).toMatchObject({ displayName: "Ann Analyst", role: "reader" });
  });

  it("stores an argon2id hash, never the password", async () => {
    await post("/sign-up/email", { email: "hash@example.com", password: "ledger-secret-1", name: "Hash" });
    const db = await getDb();
    const [row] = await db
      .select({ password: schema.accounts.password })
      .from(schema.accounts)
      .innerJoin(schema.users, eq(schema.users.id, schema.accounts.userId))
      .where(eq(schema.users.email, "hash@example.com"));
    expect(row?.password).toMatch(/^\$argon2id\$/);
    expect(row?.password).not.toContain("ledger-secret-1");
  });

  it("rejects a second account with the same email", async () => {
    await post("/sign-up/email", { email: "dup@example.com", password: "ledger-secret-1", name: "One" });
    const response = await post("/sign-up/email", { email: "dup@example.com", password: "ledger-secret-2", name: "Two" });
    expect(response.status).toBe(422);
    expect((await response.json()).code).toBe("USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL");
  });

  it('rejects a password shorter than 8 characters (PRODUCT.md "Security")', async () => {
    for (const password of ["12345", "k7#fq2Z"]) {
      const response = await post("/sign-up/email", { email: "short@example.com", password, name: "Short" });
      expect(response.status, password).toBe(400);
      expect((await response.json()).code, password).toBe("PASSWORD_TOO_SHORT");
    }
  });

  it.each(["12345678", "password123", "Password123", "IloveYou"])(
    "rejects the common password %s with 400 and creates no account, even called directly",
    async (password) => {
      const email = `common-${password.toLowerCase()}@example.com`;
      const response = await post("/sign-up/email", { email, password, name: "Common" });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: "PASSWORD_TOO_COMMON", message: COMMON_PASSWORD_MESSAGE });
      const db = await getDb();
      expect(await db.select().from(schema.users).where(eq(schema.users.email, email))).toHaveLength(0);
    },
  );

  it("accepts a password of 8 characters that is not common", async () => {
    const response = await post("/sign-up/email", { email: "eight@example.com", password: "k7#fq2Zp", name: "Eight" });
    expect(response.status).toBe(200);
  });
});

describe("changing a password", () => {
  it("refuses a common new password and keeps the old one", async () => {
    const { cookie, email, password } = await createSignedInUser();
    const refused = await post("/change-password", { currentPassword: password, newPassword: "sunshine1" }, cookie);
    expect(refused.status).toBe(400);
    expect((await refused.json()).code).toBe("PASSWORD_TOO_COMMON");
    expect(await signInCookie(email, password)).toContain("session_token=");
  });
});

describe("createUserAccount (seed, CLI)", () => {
  it("refuses a short or common password like sign-up does", async () => {
    await expect(createUserAccount({ email: "cli1@example.com", password: "abc123", name: "Cli" })).rejects.toThrow(
      "Password must be at least 8 characters",
    );
    await expect(createUserAccount({ email: "cli2@example.com", password: "Baseball", name: "Cli" })).rejects.toThrow(
      COMMON_PASSWORD_MESSAGE,
    );
  });
});

describe("sign-in and sign-out", () => {
  it("signs in with the right password and the session identifies the user", async () => {
    await post("/sign-up/email", { email: "bob@example.com", password: "ledger-secret-1", name: "Bob" });
    const cookie = await signInCookie("bob@example.com", "ledger-secret-1");
    const user = await getCurrentUser(appRequest("/", { cookie }));
    expect(user).toMatchObject({ email: "bob@example.com", name: "Bob", isAdmin: false });
  });

  it("the browser's session answer carries the role and whether it is staff (the header's \"Admin\" link)", async () => {
    const auth = await getAuth();
    for (const [role, staff] of [
      ["reader", false],
      ["contributor", true],
      ["admin", true],
    ] as const) {
      const { cookie } = await createSignedInUser({ role });
      const answer = await auth.handler(new Request(`${BASE_URL}/api/auth/get-session`, { headers: { Cookie: cookie } }));
      expect((await answer.json()).user, role).toMatchObject({ role, isStaff: staff });
    }
  });

  it("refuses a wrong password with 401 and no session", async () => {
    await post("/sign-up/email", { email: "eve@example.com", password: "ledger-secret-1", name: "Eve" });
    const response = await post("/sign-in/email", { email: "eve@example.com", password: "wrong-password" });
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe("INVALID_EMAIL_OR_PASSWORD");
    expect(response.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(false);
  });

  it("sign-out ends the session", async () => {
    const { cookie } = await createSignedInUser();
    expect(await getCurrentUser(appRequest("/", { cookie }))).not.toBeNull();
    const response = await post("/sign-out", {}, cookie);
    expect(response.status).toBe(200);
    expect(cookieHeaderFrom(response)).toContain("session_token=");
    expect(await getCurrentUser(appRequest("/", { cookie }))).toBeNull();
  });

  it("an anonymous request has no current user", async () => {
    expect(await getCurrentUser(appRequest("/"))).toBeNull();
  });
});

describe('requireRight (PRODUCT.md "Roles")', () => {
  it("returns the admin", async () => {
    const { cookie, email } = await createSignedInUser({ role: "admin" });
    const admin = await requireRight(appRequest("/admin", { cookie }), "admin.enter");
    expect(admin).toMatchObject({ email, isAdmin: true, isStaff: true, role: "admin" });
  });

  it("returns a staff member whose role holds the right", async () => {
    const { cookie, email } = await createSignedInUser({ role: "contributor" });
    expect(await requireRight(appRequest("/admin/videos/new", { cookie }), "content.create")).toMatchObject({
      email,
      role: "contributor",
      isStaff: true,
      isAdmin: false,
    });
  });

  it("sends a staff member whose role lacks the right back to the dashboard, and answers their mutation 403", async () => {
    const { cookie } = await createSignedInUser({ role: "compliance" });
    const page = await refusalOf(appRequest("/admin/videos/new", { cookie }), "content.create");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/admin");
    expect(page.headers.get("Set-Cookie")).toContain("mw_toast=");
    const mutation = await refusalOf(appRequest("/admin/videos/new", { cookie, form: { title: "No" } }), "content.create");
    expect(mutation.status).toBe(403);
    expect(mutation.body).toEqual({ error: ROLE_REFUSAL });
  });

  it("sends an anonymous visitor to /auth, to come back to the admin page afterwards", async () => {
    const response = await refusalOf(appRequest("/admin"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Fadmin");
    const deep = await refusalOf(appRequest("/admin/videos?page=2"));
    expect(deep.headers.get("Location")).toBe("/auth?redirectTo=%2Fadmin%2Fvideos%3Fpage%3D2");
  });

  it("sends a signed-in non-admin to / with the Access Denied toast", async () => {
    const { cookie } = await createSignedInUser();
    const response = await refusalOf(appRequest("/admin", { cookie }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Set-Cookie")).toContain("mw_toast=");
  });

  it("answers 403 to a non-admin mutation and 401 to an anonymous one", async () => {
    const { cookie } = await createSignedInUser();
    expect((await refusalOf(appRequest("/admin/videos", { cookie, form: { intent: "delete" } }))).status).toBe(403);
    expect((await refusalOf(appRequest("/admin/videos", { form: { intent: "delete" } }))).status).toBe(401);
  });
});
