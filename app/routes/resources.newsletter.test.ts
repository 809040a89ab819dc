import { beforeEach, describe, expect, it } from "vitest";
import { getDb, schema } from "~/server/db.server";
import { appRequest } from "../../tests/support/auth";
import { action, loader } from "./resources.newsletter";

function unwrap(result: any) {
  if (result && result.type === "DataWithResponseInit") {
    return { status: (result.init?.status as number) ?? 200, body: result.data, headers: new Headers(result.init?.headers) };
  }
  return { status: 200, body: result, headers: new Headers() };
}

async function subscribe(form: Record<string, string>): Promise<{ status: number; body?: any; response?: Response }> {
  const result = await action({ request: appRequest("/resources/newsletter", { form }), params: {}, context: {} } as any);
  return result instanceof Response ? { status: result.status, response: result } : unwrap(result);
}

async function storedEmails() {
  const db = await getDb();
  return (await db.select({ email: schema.newsletterSubscribers.email }).from(schema.newsletterSubscribers)).map((r) => r.email);
}

beforeEach(async () => {
  const db = await getDb();
  await db.delete(schema.newsletterSubscribers);
});

describe("/resources/newsletter action (fetcher)", () => {
  it("stores the address trimmed and lower-cased", async () => {
    const { status, body } = await subscribe({ email: "  Ann.Lee@Example.COM " });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, email: "ann.lee@example.com", created: true });
    expect(await storedEmails()).toEqual(["ann.lee@example.com"]);
  });

  it("treats subscribing twice as a success without a second row", async () => {
    await subscribe({ email: "ann@example.com" });
    const again = await subscribe({ email: "ANN@example.com" });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ok: true, email: "ann@example.com", created: false });
    expect(await storedEmails()).toEqual(["ann@example.com"]);
  });

  it.each([
    ["a malformed address", "not-an-email", "Please enter a valid email address."],
    ["an empty address", "   ", "Please enter your email address."],
  ])("answers 400 with a field message for %s and stores nothing", async (_case, email, message) => {
    const { status, body } = await subscribe({ email });
    expect(status).toBe(400);
    expect(body).toEqual({ ok: false, fieldErrors: { email: message } });
    expect(await storedEmails()).toEqual([]);
  });

  it("answers 400 when the field is missing", async () => {
    const { status } = await subscribe({});
    expect(status).toBe(400);
  });
});

describe("/resources/newsletter action (plain form, before JavaScript)", () => {
  it("redirects back to the page with the result and a toast", async () => {
    const { status, response } = await subscribe({ email: "bob@example.com", redirectTo: "/videos?page=2" });
    expect(status).toBe(302);
    expect(response!.headers.get("Location")).toBe("/videos?page=2&newsletter=subscribed#newsletter");
    expect(response!.headers.get("Set-Cookie")).toContain("mw_toast=");
    expect(await storedEmails()).toEqual(["bob@example.com"]);
  });

  it("redirects back with the invalid flag for a bad address", async () => {
    const { status, response } = await subscribe({ email: "bob@", redirectTo: "/" });
    expect(status).toBe(302);
    expect(response!.headers.get("Location")).toBe("/?newsletter=invalid#newsletter");
  });

  it.each(["//evil.example/", "https://evil.example/", "/\\evil.example"])("never redirects off-site (%s)", async (redirectTo) => {
    const { status } = await subscribe({ email: "carol@example.com", redirectTo });
    expect(status).toBe(200);
  });

  it("sends a stray GET to the home page's box", async () => {
    const response = await loader();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/#newsletter");
  });
});
