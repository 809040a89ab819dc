import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { emptyBeforeEach, insertBlogs, insertVideos } from "../../../tests/support/content";
import { PAID } from "../../../tests/support/item-promotion";
import { emptyOutbox, mailFigures, queuedMails } from "../../../tests/support/mail";
import { onlySubscribers } from "../../../tests/support/newsletter";
import { callRoute } from "../../../tests/support/route";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { action as unsubscribeAction } from "../../routes/newsletter.unsubscribe";
import { getDb, schema } from "../db/db.server";
import { sendDueMails } from "../mail/mail-worker.server";
import { smtpTransport } from "../mail/smtp-transport.server";
import { proposedEditionItems } from "./edition-items.server";
import { editionHtml, editionText } from "./edition-mail.server";
import {
  createEdition,
  editionContent,
  editionMailer,
  getEdition,
  queueSentEditions,
  scheduleEdition,
  sendDueEditions,
  sendEdition,
  sendTestEdition,
  updateEdition,
} from "./editions.server";
import { newsletterLink } from "./subscriber-links.server";
import { subscriberState, unsubscribe } from "./subscribers.server";

let sink: SmtpSink;
let transport: ReturnType<typeof smtpTransport>;

emptyBeforeEach(schema.videos, schema.blogs, schema.newsletterEditions);
beforeEach(async () => {
  await emptyOutbox();
  await onlySubscribers([
    { email: "ann@example.com", confirmedAt: new Date() },
    { email: "bob@example.com", confirmedAt: new Date() },
    { email: "cat@example.com", confirmedAt: new Date() },
    { email: "pending@example.com" },
  ]);
  sink = await startSmtpSink();
  transport = smtpTransport(sink.url, "MarketWire <news@marketwire.test>", 2);
});
afterEach(async () => {
  transport.close();
  await sink.close();
});

const send = () => sendDueMails({ transport, ratePerMinute: 10_000 });
const now = () => new Date(Date.now() - 60_000);

async function twoItems() {
  const [video] = await insertVideos([{ title: "Lithium outlook", description: "The CEO on prices.", publishedAt: now(), ...PAID }]);
  const [blog] = await insertBlogs([{ title: "Gold notes", publishedAt: now() }]);
  return [
    { type: "video" as const, id: video!.id },
    { type: "blog" as const, id: blog!.id },
  ];
}

describe('an edition (PRODUCT.md "Newsletter editions")', () => {
  it("reaches every confirmed subscriber once, never a pending address, with both parts, the disclosure and RFC 8058's headers", async () => {
    const items = await twoItems();
    const id = await createEdition({ subject: "This week", introHtml: "<p>Hello <strong>investors</strong></p>", items }, null);
    expect(await sendEdition(id)).toEqual({ sent: true, recipients: 3 });
    // The press answered before any mail was queued: they are queued in the background.
    expect(await queuedMails()).toEqual([]);
    expect(await getEdition(id)).toMatchObject({ status: "sent", recipients: 3, queued: 0, queuedAt: null });
    expect(await queueSentEditions()).toBe(3);
    await send();
    expect(sink.received.map((m) => m.to).sort()).toEqual(["ann@example.com", "bob@example.com", "cat@example.com"]);
    const mail = sink.received.find((m) => m.to === "ann@example.com")!;
    expect(mail.subject).toBe("This week");
    expect(mail.html).toContain("<strong>investors</strong>");
    expect(mail.html).toContain("Paid promotion. MarketWire received A$5,000 in cash from Halcyon Investor Relations for this video.");
    expect(mail.text).toContain("Paid promotion. MarketWire received A$5,000 in cash from Halcyon Investor Relations for this video.");
    // PRODUCT.md "Measurement": every item's link goes through our counting redirect, in both parts.
    const [video, blog] = items;
    expect(mail.text).toContain(`Video: Lithium outlook\nThe CEO on prices.\nhttp://localhost:3000/go/newsletter/videos/${video!.id}\n`);
    expect(mail.text).toContain(`Blog: Gold notes\nhttp://localhost:3000/go/newsletter/blogs/${blog!.id}\n`);
    expect(mail.html).toContain(`href="http://localhost:3000/go/newsletter/videos/${video!.id}"`);
    expect(mail.html).toContain(`href="http://localhost:3000/go/newsletter/blogs/${blog!.id}"`);
    expect(mail.html).not.toContain(`localhost:3000/video/`);
    // Each item counted sent to the three readers.
    expect(await mailFigures()).toEqual([`blog:${blog!.id}:newsletter 3/0`, `video:${video!.id}:newsletter 3/0`]);
    expect(mail.text).toContain("Blog: Gold notes");
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers["list-unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/newsletter\/unsubscribe\?token=[\w.-]+>$/);
    expect(mail.text).toContain(mail.headers["list-unsubscribe"]!.slice(1, -1));

    // Sent once: a second press, or a second instance, queues nothing more.
    expect(await sendEdition(id)).toEqual({ sent: false, reason: "already-sent" });
    expect(await queueSentEditions()).toBe(0);
    await send();
    expect(sink.received).toHaveLength(3);
    expect(await getEdition(id)).toMatchObject({ status: "sent", recipients: 3, queued: 3, queuedAt: expect.any(Date) });
    // PRODUCT.md "Audit log": one entry, in the sending transaction.
    const entries = await (await getDb()).select().from(schema.auditLog).where(eq(schema.auditLog.itemId, id));
    expect(entries).toMatchObject([{ action: "newsletter-send", actorName: "Schedule", itemTitle: "This week", detail: "3 subscribers" }]);
  });

  it("never reaches an address that unsubscribed", async () => {
    await unsubscribe("cat@example.com");
    const id = await createEdition({ subject: "This week", introHtml: "", items: [] }, null);
    expect(await sendEdition(id)).toEqual({ sent: true, recipients: 2 });
    await queueSentEditions();
    expect((await queuedMails()).map((m) => m.to).sort()).toEqual(["ann@example.com", "bob@example.com"]);
  });

  it("the mail's List-Unsubscribe link unsubscribes its reader at once by a one-click POST", async () => {
    const id = await createEdition({ subject: "This week", introHtml: "", items: [] }, null);
    await sendEdition(id);
    await queueSentEditions();
    await send();
    const header = sink.received.find((m) => m.to === "bob@example.com")!.headers["list-unsubscribe"]!;
    const request = new Request(header.slice(1, -1), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect((await callRoute(unsubscribeAction, request, { throws: false })).status).toBe(200);
    expect(await subscriberState("bob@example.com")).toBeNull();
    expect(await subscriberState("ann@example.com")).toBe("confirmed");
  });

  it("leaves out an item that is no longer live when the edition is built", async () => {
    const items = await twoItems();
    const id = await createEdition({ subject: "This week", introHtml: "", items }, null);
    await (await getDb()).update(schema.videos).set({ status: "draft" }).where(eq(schema.videos.id, items[0]!.id));
    await sendEdition(id);
    await queueSentEditions();
    const [mail] = await queuedMails();
    expect(mail!.text).not.toContain("Lithium outlook");
    expect(mail!.text).toContain("Gold notes");
  });

  it("keeps the intro's HTML safe: a script is removed when the edition is saved", async () => {
    const id = await createEdition(
      { subject: "S", introHtml: `<p>Hi</p><script>alert(1)</script><img src=x onerror="alert(2)">`, items: [] },
      null,
    );
    const edition = await getEdition(id);
    expect(edition!.introHtml).not.toMatch(/script|onerror/);
    expect(edition!.introHtml).toContain("<p>Hi</p>");
  });

  it("a test goes to one address, marked [Test], and the edition stays a draft; its items count no send", async () => {
    const id = await createEdition({ subject: "Draft edition", introHtml: "", items: await twoItems() }, null);
    expect(await sendTestEdition(id, "editor@example.com")).toBe(true);
    await send();
    expect(sink.received.map((m) => [m.to, m.subject])).toEqual([["editor@example.com", "[Test] Draft edition"]]);
    expect(await getEdition(id)).toMatchObject({ status: "draft", sentAt: null });
    expect(await mailFigures()).toEqual([]);
  });

  it("a scheduled edition is sent once its time comes, once, even when two instances look at the same moment", async () => {
    const id = await createEdition({ subject: "Scheduled", introHtml: "", items: [] }, null);
    expect(await scheduleEdition(id, new Date(Date.now() + 3_600_000))).toBe(true);
    expect(await sendDueEditions()).toBe(0);
    await scheduleEdition(id, new Date(Date.now() - 1_000));
    const [a, b] = await Promise.all([sendDueEditions(), sendDueEditions()]);
    expect(a + b).toBe(1);
    await Promise.all([queueSentEditions(), queueSentEditions()]);
    expect(await queuedMails()).toHaveLength(3);
  });

  it("a sent edition is never changed or rescheduled", async () => {
    const id = await createEdition({ subject: "Sent", introHtml: "", items: [] }, null);
    await sendEdition(id);
    expect(await updateEdition(id, { subject: "Changed", introHtml: "", items: [] })).toBe(false);
    expect(await scheduleEdition(id, new Date())).toBe(false);
    expect(await getEdition(id)).toMatchObject({ subject: "Sent", status: "sent" });
  });
});

describe('queuing a sent edition in the background (PRODUCT.md "Newsletter editions")', () => {
  const confirmed = (count: number, from = 0) =>
    Array.from({ length: count }, (_, i) => ({ email: `reader${String(from + i).padStart(5, "0")}@example.com`, confirmedAt: new Date() }));

  it("queues chunk by chunk, each subscriber once, however many instances queue at once", async () => {
    await onlySubscribers([...confirmed(23), { email: "pending@example.com" }]);
    const id = await createEdition({ subject: "Many", introHtml: "", items: [] }, null);
    expect(await sendEdition(id)).toEqual({ sent: true, recipients: 23 });
    const counts = await Promise.all([queueSentEditions(5), queueSentEditions(5), queueSentEditions(5)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(23);
    const mails = await queuedMails();
    expect(mails).toHaveLength(23);
    expect(new Set(mails.map((m) => m.to)).size).toBe(23);
    expect(await getEdition(id)).toMatchObject({ recipients: 23, queued: 23, queuedAt: expect.any(Date) });
  });

  it("goes on where it stopped, and reaches those confirmed when it was sent, not one who left meanwhile", async () => {
    await onlySubscribers(confirmed(12));
    const id = await createEdition({ subject: "Resumed", introHtml: "", items: [] }, null);
    await sendEdition(id);
    // A process that queued one chunk of 5 and died: the cursor says where it was.
    const db = await getDb();
    const first = confirmed(5).map((s) => s.email);
    await db
      .update(schema.newsletterEditions)
      .set({ queued: 5, queueCursor: first.at(-1)! })
      .where(eq(schema.newsletterEditions.id, id));
    await unsubscribe("reader00007@example.com");
    await db.insert(schema.newsletterSubscribers).values({ email: "reader00099@example.com", confirmedAt: new Date(Date.now() + 60_000) });
    expect(await queueSentEditions(5)).toBe(6);
    const queued = (await queuedMails()).map((m) => m.to);
    expect(queued).toEqual(
      confirmed(12)
        .slice(5)
        .map((s) => s.email)
        .filter((email) => email !== "reader00007@example.com"),
    );
    expect(await getEdition(id)).toMatchObject({ queued: 11, recipients: 11, queuedAt: expect.any(Date) });
  });

  it("gives each copy its reader's own unsubscribe link, exactly as a copy rendered for them alone", async () => {
    const items = await twoItems();
    const id = await createEdition({ subject: "Same", introHtml: "<p>Hi &amp; welcome</p>", items }, null);
    const content = await editionContent((await getEdition(id))!);
    const links = (to: string) => ({
      webVersion: `http://localhost:3000/newsletter/${id}`,
      unsubscribe: newsletterLink("unsubscribe", to),
    });
    const mailFor = editionMailer(id, content);
    for (const to of ["ann@example.com", "o'brien+news@example.com"]) {
      const mail = mailFor(to);
      expect(mail.html).toBe(editionHtml(content, links(to)));
      expect(mail.text).toBe(editionText(content, links(to)));
      expect(mail.headers).toEqual({
        "List-Unsubscribe": `<${links(to).unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
    }
  });
});

describe("proposedEditionItems", () => {
  it("offers the last week's published items, featured first, then newest; not drafts, not older ones", async () => {
    const hour = 3_600_000;
    await insertVideos([
      { title: "Old", publishedAt: new Date(Date.now() - 8 * 24 * hour) },
      { title: "Newest", publishedAt: new Date(Date.now() - hour) },
      { title: "Featured", publishedAt: new Date(Date.now() - 48 * hour), featured: true },
      { title: "Draft", status: "draft", publishedAt: new Date(Date.now() - hour) },
    ]);
    await insertBlogs([{ title: "Blog", publishedAt: new Date(Date.now() - 2 * hour) }]);
    expect((await proposedEditionItems()).map((item) => item.title)).toEqual(["Featured", "Newest", "Blog"]);
  });
});
