/**
 * PRODUCT.md "Webhooks": /admin/webhooks and /admin/webhooks/:id, through their loaders and actions: admins
 * only; a new or rotated secret answered once; wrong input a 400 that changes nothing; the guard's refusal said.
 */
import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { getDb, schema } from "~/server/db/db.server";
import { openSecret } from "~/server/webhooks/signing.server";

import { appRequest, createSignedInUser } from "../../tests/support/auth";
import { restoreEnvAfterEach, setEnv } from "../../tests/support/env";
import { callRoute } from "../../tests/support/route";
import { action, loader } from "./admin.webhooks";
import { action as endpointAction, loader as endpointLoader } from "./admin.webhooks.$id";

let admin: string;
let editor: string;
beforeAll(async () => {
  admin = (await createSignedInUser({ role: "admin", email: "hooks-admin@example.com" })).cookie;
  editor = (await createSignedInUser({ role: "editor", email: "hooks-editor@example.com" })).cookie;
});
restoreEnvAfterEach(["WEBHOOK_ALLOW_HOSTS"]);
beforeEach(async () => {
  const db = await getDb();
  await db.execute(sql`truncate webhook_endpoints cascade`);
  setEnv({ WEBHOOK_ALLOW_HOSTS: "127.0.0.1:4555" });
});

const URL_OK = "http://127.0.0.1:4555/hooks";
const post = (form: Record<string, string | string[]>, cookie = admin) =>
  callRoute(action, appRequest("/admin/webhooks", { method: "POST", cookie, form }));
const postTo = (id: string, form: Record<string, string | string[]>, cookie = admin) =>
  callRoute(endpointAction, appRequest(`/admin/webhooks/${id}`, { method: "POST", cookie, form }), { params: { id } });

async function stored() {
  const db = await getDb();
  return db.select().from(schema.webhookEndpoints);
}

describe("adding an endpoint", () => {
  it("answers its secret once; the list never shows it", async () => {
    const answer = await post({
      intent: "create",
      url: URL_OK,
      description: "IR site",
      events: ["content.published", "disclosure.changed"],
    });
    expect(answer.status).toBe(200);
    const shown = answer.body as { ok: true; secret: string; endpointId: string };
    expect(shown).toMatchObject({ ok: true, secret: expect.stringMatching(/^whsec_/), url: URL_OK });
    const [row] = await stored();
    expect(row).toMatchObject({
      url: URL_OK,
      description: "IR site",
      events: ["content.published", "disclosure.changed"],
      status: "active",
    });
    expect(openSecret(row!.secret)).toBe(shown.secret);

    const list = await callRoute(loader, appRequest("/admin/webhooks", { cookie: admin }));
    expect(JSON.stringify(list.body)).not.toContain(shown.secret.slice(6));
    expect(list.body.endpoints).toMatchObject([{ id: shown.endpointId, url: URL_OK, status: "active", waiting: 0, failed: 0 }]);
  });

  it("takes a single event (one checkbox) as a list", async () => {
    expect((await post({ intent: "create", url: URL_OK, events: "content.deleted" })).status).toBe(200);
    expect((await stored())[0]?.events).toEqual(["content.deleted"]);
  });

  it.each([
    [{ url: "not a url", events: "content.published" }, "url", "Enter an absolute http:// or https:// URL"],
    [{ url: "ftp://example.com/x", events: "content.published" }, "url", "Enter an absolute http:// or https:// URL"],
    [{ url: "https://user:pw@example.com/x", events: "content.published" }, "url", "Leave the user name and password out"],
    [{ url: URL_OK }, "events", "Choose at least one event"],
    [{ url: URL_OK, events: "content.exploded" }, "events", "Choose events from the list"],
    [{ url: URL_OK, events: "content.published", description: "x".repeat(201) }, "description", "at most 200 characters"],
    [{ url: `https://example.com/${"a".repeat(2000)}`, events: "content.published" }, "url", "at most 2000 characters"],
  ])("refuses %j with a 400 naming the field", async (form, field, message) => {
    const answer = await post({ intent: "create", ...form });
    expect(answer.status).toBe(400);
    const fields = (answer.body as { fields: Record<string, string[]> }).fields;
    const text = Object.entries(fields)
      .filter(([name]) => name === field || name.startsWith(`${field}[`))
      .flatMap(([, messages]) => messages)
      .join(" ");
    expect(text).toContain(message);
    expect(await stored()).toEqual([]);
  });

  it("refuses a NUL byte with the form reader's 400", async () => {
    const answer = await post({ intent: "create", url: URL_OK, events: "content.published", description: "a\0b" });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain("control character");
    expect(await stored()).toEqual([]);
  });

  it("refuses a private or metadata address WEBHOOK_ALLOW_HOSTS does not name", async () => {
    for (const url of ["http://127.0.0.1:8080/hooks", "http://169.254.169.254/latest/meta-data/"]) {
      const answer = await post({ intent: "create", url, events: "content.published" });
      expect(answer.status).toBe(400);
      expect((answer.body as { message: string }).message).toMatch(
        /is not a public address\. An operator may allow it in WEBHOOK_ALLOW_HOSTS/,
      );
    }
    expect(await stored()).toEqual([]);
  });

  it("is for admins only", async () => {
    const refused = await post({ intent: "create", url: URL_OK, events: "content.published" }, editor);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await stored()).toEqual([]);
    const read = await callRoute(loader, appRequest("/admin/webhooks", { cookie: editor }));
    expect(read.status).not.toBe(200);
  });

  it("an unknown intent is a 400", async () => {
    expect((await post({ intent: "explode" })).status).toBe(400);
  });
});

describe("one endpoint", () => {
  async function added() {
    const answer = await post({ intent: "create", url: URL_OK, events: "content.published" });
    return answer.body as { endpointId: string; secret: string };
  }

  it("saves its settings, rotates its secret (the new one shown once), disables, enables and deletes", async () => {
    const { endpointId: id, secret } = await added();
    const saved = await postTo(id, { intent: "save", url: `${URL_OK}/v2`, events: ["content.updated", "company.updated"] });
    expect(saved).toMatchObject({ status: 302, location: `/admin/webhooks/${id}` });
    expect((await stored())[0]).toMatchObject({ url: `${URL_OK}/v2`, events: ["content.updated", "company.updated"] });

    const rotated = await postTo(id, { intent: "rotate" });
    const fresh = (rotated.body as { secret: string }).secret;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);
    const page = await callRoute(endpointLoader, appRequest(`/admin/webhooks/${id}`, { cookie: admin }), { params: { id } });
    expect(page.body.endpoint.previousSecretUntil).not.toBeNull();
    expect(JSON.stringify(page.body)).not.toContain(fresh.slice(6));

    expect((await postTo(id, { intent: "disable" })).status).toBe(302);
    expect((await stored())[0]?.status).toBe("disabled");
    expect((await postTo(id, { intent: "enable" })).status).toBe(302);
    expect((await stored())[0]?.status).toBe("active");
    expect(await postTo(id, { intent: "delete" })).toMatchObject({ status: 302, location: "/admin/webhooks" });
    expect(await stored()).toEqual([]);
  });

  it("answers 404 for an unknown or malformed id, 400 for a wrong form, and changes nothing", async () => {
    const { endpointId: id } = await added();
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await postTo(missing, { intent: "rotate" })).status).toBe(404);
    expect((await postTo("not-a-uuid", { intent: "delete" })).status).toBe(404);
    expect((await callRoute(endpointLoader, appRequest("/admin/webhooks/x", { cookie: admin }), { params: { id: "x" } })).status).toBe(404);
    expect((await postTo(id, { intent: "save", url: "nope", events: "content.published" })).status).toBe(400);
    expect((await postTo(id, { intent: "resend", deliveryId: "12" })).status).toBe(404);
    expect((await postTo(id, { intent: "resend", deliveryId: "-1" })).status).toBe(404);
    expect((await stored())[0]).toMatchObject({ url: URL_OK, status: "active" });
    expect((await postTo(id, { intent: "delete" }, editor)).status).toBeLessThan(500);
    expect(await stored()).toHaveLength(1);
  });
});
