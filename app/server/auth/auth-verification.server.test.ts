import { beforeAll, describe, expect, it } from "vitest";

import { BASE_URL } from "../../../tests/support/auth";
import { readOutboxInto, type Mail } from "../../../tests/support/mail";
import { resetEnvCache } from "../env.server";
import { VERIFICATION_MAIL_LIMIT } from "../rate-limit.server";
import { getAuth, VERIFICATION_SUBJECT } from "./auth.server";

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

  it("never puts the display name in the mail: a stranger's message and link do not reach the address", async () => {
    const name = "Your bank account is locked: visit https://evil.example/unlock now";
    expect((await post("/sign-up/email", { email: "someone-else@example.com", password: "ledger-secret-1", name })).status).toBe(200);
    await readOutboxInto(sent);
    const mails = sent.filter((mail) => mail.to === "someone-else@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(VERIFICATION_SUBJECT);
    expect(mails[0]!.text).not.toContain("evil.example");
    expect(mails[0]!.text).not.toContain("locked");
    expect(mails[0]!.text).toMatch(/^Hello,\n\nSomeone, hopefully you, created a MarketWire account/);
  });

  it(`mails one address at most ${VERIFICATION_MAIL_LIMIT.max} times in ${VERIFICATION_MAIL_LIMIT.windowSeconds / 60} minutes, however often it is asked`, async () => {
    const email = "flooded@example.com";
    expect((await post("/sign-up/email", { email, password: "ledger-secret-1", name: "Flo" })).status).toBe(200);
    // The probe sent 40; 8 show the cap as well. Each is answered as usual, so the asker learns nothing.
    for (let i = 0; i < 8; i++) {
      const again = await post("/send-verification-email", { email });
      expect(again.status).toBe(200);
    }
    await readOutboxInto(sent);
    expect(sent.filter((mail) => mail.to === email)).toHaveLength(VERIFICATION_MAIL_LIMIT.max);
  });

  it("answers a duplicate sign-up like a new one, so addresses cannot be probed", async () => {
    await post("/sign-up/email", { email: "taken@example.com", password: "ledger-secret-1", name: "First" });
    const again = await post("/sign-up/email", { email: "taken@example.com", password: "ledger-secret-2", name: "Second" });
    expect(again.status).toBe(200);
  });
});
