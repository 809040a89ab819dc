import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { appRequest, createSignedInUser, signInCookie } from "../../tests/support/auth";
import { insertCompany } from "../../tests/support/companies";
import { emptyOutbox, queuedMails } from "../../tests/support/mail";
import { callRoute } from "../../tests/support/route";
import { getDb, schema } from "../server/db/db.server";
import { subscriberState, subscribeToNewsletter } from "../server/newsletter/subscribers.server";
import { alertsAreOn, stopAlertsLink } from "../server/readers/alert-links.server";
import { followedCompanyIds } from "../server/readers/follows.server";
import { action as accountAction, loader as accountLoader } from "./account";
import { action as stopAction, loader as stopLoader } from "./account.alerts.stop";
import { action as followAction, loader as followLoader } from "./resources.follows";

beforeEach(async () => {
  const db = await getDb();
  await db.delete(schema.companyFollows);
  await db.delete(schema.companies);
  await emptyOutbox();
});

describe('/resources/follows (PRODUCT.md "Following and alerts")', () => {
  it("follows and unfollows a company for the signed-in reader, and lists what they follow", async () => {
    const company = await insertCompany({ name: "Ironbark Gold", slug: "ironbark-gold", ticker: "IBG" });
    const { user, cookie } = await createSignedInUser();
    const follow = await callRoute(
      followAction,
      appRequest("/resources/follows", { cookie, form: { companyId: company.id, intent: "follow" } }),
    );
    expect([follow.status, follow.body]).toEqual([200, { ok: true, following: true }]);
    expect(await followedCompanyIds(user.id)).toEqual([company.id]);
    const listed = await callRoute(followLoader, appRequest("/resources/follows", { cookie }));
    expect(listed.body).toEqual({ companyIds: [company.id] });
    await callRoute(followAction, appRequest("/resources/follows", { cookie, form: { companyId: company.id, intent: "unfollow" } }));
    expect(await followedCompanyIds(user.id)).toEqual([]);
  });

  it("sends a visitor to sign in and back to the page (plain form), or answers 401 to the script, following nothing", async () => {
    const company = await insertCompany({ name: "Ironbark Gold", slug: "ironbark-gold", ticker: "IBG" });
    const form = { companyId: company.id, intent: "follow", redirectTo: "/companies/ironbark-gold" };
    const plain = await callRoute(followAction, appRequest("/resources/follows", { form }));
    expect([plain.status, plain.location]).toEqual([302, "/auth?redirectTo=%2Fcompanies%2Fironbark-gold"]);
    const script = await callRoute(followAction, appRequest("/resources/follows", { form: { companyId: company.id, intent: "follow" } }));
    expect(script.status).toBe(401);
    expect(await (await getDb()).select().from(schema.companyFollows)).toEqual([]);
  });

  it("refuses a malformed or unknown company with a 4xx and changes nothing", async () => {
    const { user, cookie } = await createSignedInUser();
    const bad = await callRoute(
      followAction,
      appRequest("/resources/follows", { cookie, form: { companyId: "x' or 1=1", intent: "follow" } }),
    );
    expect(bad.status).toBe(400);
    const unknown = await callRoute(
      followAction,
      appRequest("/resources/follows", { cookie, form: { companyId: "00000000-0000-4000-8000-000000000000", intent: "follow" } }),
    );
    expect(unknown.status).toBe(404);
    expect(await followedCompanyIds(user.id)).toEqual([]);
  });
});

describe('/account (PRODUCT.md "Account")', () => {
  it("sends a visitor to sign in and back here", async () => {
    const answer = await callRoute(accountLoader, "/account");
    expect(answer.location).toBe("/auth?redirectTo=%2Faccount");
  });

  it("lists the companies followed, unfollows one, and saves the mail preferences", async () => {
    const company = await insertCompany({ name: "Ironbark Gold", slug: "ironbark-gold", ticker: "IBG" });
    const { user, email, cookie } = await createSignedInUser();
    await callRoute(followAction, appRequest("/resources/follows", { cookie, form: { companyId: company.id, intent: "follow" } }));
    const page = await callRoute(accountLoader, appRequest("/account", { cookie }));
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect((page.body as { companies: { name: string }[] }).companies.map((c) => c.name)).toEqual(["Ironbark Gold"]);

    const saved = await callRoute(
      accountAction,
      appRequest("/account", { cookie, form: { intent: "preferences", newsletter: "on", alerts: "daily" } }),
    );
    expect(saved.location).toBe("/account");
    const [profile] = await (await getDb()).select().from(schema.profiles).where(eq(schema.profiles.userId, user.id));
    expect(profile!.alertFrequency).toBe("daily");
    expect(await subscriberState(email.toLowerCase())).not.toBeNull();

    await callRoute(accountAction, appRequest("/account", { cookie, form: { intent: "unfollow", companyId: company.id } }));
    expect(await followedCompanyIds(user.id)).toEqual([]);
  });

  it("refuses a forged alert choice with a 400 and changes nothing", async () => {
    const { user, cookie } = await createSignedInUser();
    const answer = await callRoute(accountAction, appRequest("/account", { cookie, form: { intent: "preferences", alerts: "hourly" } }));
    expect(answer.status).toBe(400);
    const [profile] = await (await getDb()).select().from(schema.profiles).where(eq(schema.profiles.userId, user.id));
    expect(profile?.alertFrequency ?? "instant").toBe("instant");
  });

  it("changes the password after the current one, and refuses a wrong current password", async () => {
    const { email, password, cookie } = await createSignedInUser();
    const wrong = await callRoute(
      accountAction,
      appRequest("/account", {
        cookie,
        form: { intent: "password", currentPassword: "not-my-password", newPassword: "a-new-ledger-secret" },
      }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ intent: "password", errors: { currentPassword: ["Your current password is incorrect."] } });
    const changed = await callRoute(
      accountAction,
      appRequest("/account", { cookie, form: { intent: "password", currentPassword: password, newPassword: "a-new-ledger-secret" } }),
    );
    expect(changed.location).toBe("/account");
    await expect(signInCookie(email, password)).rejects.toThrow();
    expect(await signInCookie(email, "a-new-ledger-secret")).toContain("session_token");
  });

  it("deletes the account after its password: the account, its follows, its newsletter subscription and its waiting mails are gone", async () => {
    const company = await insertCompany({ name: "Ironbark Gold", slug: "ironbark-gold", ticker: "IBG" });
    const { user, email, password, cookie } = await createSignedInUser();
    await callRoute(followAction, appRequest("/resources/follows", { cookie, form: { companyId: company.id, intent: "follow" } }));
    await subscribeToNewsletter(email.toLowerCase());
    const wrong = await callRoute(accountAction, appRequest("/account", { cookie, form: { intent: "delete", password: "nope" } }));
    expect(wrong.status).toBe(400);
    expect(await (await getDb()).select().from(schema.users).where(eq(schema.users.id, user.id))).toHaveLength(1);

    const deleted = await callRoute(accountAction, appRequest("/account", { cookie, form: { intent: "delete", password } }));
    expect(deleted.location).toBe("/");
    const db = await getDb();
    expect(await db.select().from(schema.users).where(eq(schema.users.id, user.id))).toEqual([]);
    expect(await db.select().from(schema.companyFollows).where(eq(schema.companyFollows.userId, user.id))).toEqual([]);
    expect(await subscriberState(email.toLowerCase())).toBeNull();
    expect((await queuedMails()).filter((mail) => mail.to === email.toLowerCase())).toEqual([]);
    await expect(signInCookie(email, password)).rejects.toThrow();
  });

  it("never deletes a staff account from here", async () => {
    const { user, password, cookie } = await createSignedInUser({ role: "editor" });
    const answer = await callRoute(accountAction, appRequest("/account", { cookie, form: { intent: "delete", password } }));
    expect(answer.status).toBe(403);
    expect(await (await getDb()).select().from(schema.users).where(eq(schema.users.id, user.id))).toHaveLength(1);
  });
});

describe('/account/alerts/stop (PRODUCT.md "Following and alerts")', () => {
  it("shows a button when opened, turns alerts off when pressed or posted one-click, and refuses a forged link", async () => {
    const { user } = await createSignedInUser();
    const link = stopAlertsLink(user.id);
    const path = link.slice(link.indexOf("/account/"));
    const opened = await callRoute(stopLoader, appRequest(path));
    expect(opened.body).toMatchObject({ state: "on" });
    expect(opened.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await alertsAreOn(user.id)).toBe(true);

    const oneClick = await callRoute(stopAction, appRequest(path, { form: { "List-Unsubscribe": "One-Click" } }));
    expect([oneClick.status, oneClick.body]).toEqual([200, { state: "off" }]);
    expect(await alertsAreOn(user.id)).toBe(false);

    const forged = `${path.slice(0, -3)}abc`;
    expect((await callRoute(stopLoader, appRequest(forged))).status).toBe(400);
    expect((await callRoute(stopAction, appRequest(forged, { form: {} }))).status).toBe(400);
    const other = await createSignedInUser();
    const tampered = path.replace(/token=[^.]+/, `token=${Buffer.from(other.user.id).toString("base64url")}`);
    await callRoute(stopAction, appRequest(tampered, { form: {} }));
    expect(await alertsAreOn(other.user.id)).toBe(true);
  });
});
