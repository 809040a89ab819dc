import { beforeAll, describe, expect, it } from "vitest";

import { BASE_URL } from "../../../tests/support/auth";
import { readOutboxInto, type Mail } from "../../../tests/support/mail";
import { resetEnvCache } from "../env.server";
import { getAuth } from "./auth.server";

// With a mail transport configured, accounts must verify their address before signing in.
const sent: Mail[] = [];

beforeAll(() => {
  process.env.SMTP_URL = "smtp://mail.test:2525";
  resetEnvCache();
});

async function post(path: string, body: unknown) {
  const auth = await getAuth();
  return auth.handler(
    new Request(`${BASE_URL}/api/auth${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: BASE_URL },
      body: JSON.stringify(body),
    }),
  );
}

describe("email verification with SMTP_URL set", () => {
  it("mails a link on sign-up, refuses sign-in until the link is opened, then allows it", async () => {
    const credentials = { email: "verify@example.com", password: "ledger-secret-1" };
    expect((await post("/sign-up/email", { ...credentials, name: "Vera" })).status).toBe(200);
    await readOutboxInto(sent);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe("verify@example.com");
    const link = sent[0]!.text.match(/https?:\/\/\S+/)?.[0];
    expect(link).toContain("/api/auth/verify-email?token=");

    const refused = await post("/sign-in/email", credentials);
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe("EMAIL_NOT_VERIFIED");

    const auth = await getAuth();
    const verified = await auth.handler(new Request(link!));
    expect(verified.status).toBeLessThan(400);

    expect((await post("/sign-in/email", credentials)).status).toBe(200);
  });

  it("answers a duplicate sign-up like a new one, so addresses cannot be probed", async () => {
    await post("/sign-up/email", { email: "taken@example.com", password: "ledger-secret-1", name: "First" });
    const again = await post("/sign-up/email", { email: "taken@example.com", password: "ledger-secret-2", name: "Second" });
    expect(again.status).toBe(200);
  });
});
