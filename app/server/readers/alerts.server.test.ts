import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { createSignedInUser } from "../../../tests/support/auth";
import { insertCompany } from "../../../tests/support/companies";
import { ADMIN_USER, createItem, emptyBeforeEach, insertVideos } from "../../../tests/support/content";
import { PAID } from "../../../tests/support/item-promotion";
import { emptyOutbox, queuedMails } from "../../../tests/support/mail";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { saveItem } from "../content/save-item.server";
import { getDb, schema } from "../db/db.server";
import { sendDueMails } from "../mail/mail-worker.server";
import { smtpTransport } from "../mail/smtp-transport.server";
import { saveMailPreferences } from "./account.server";
import { announcePublications, lastDigestTime, sendDailyDigests } from "./alerts.server";
import { followCompany, unfollowCompany } from "./follows.server";

emptyBeforeEach(
  schema.videos,
  schema.blogs,
  schema.contentCompanies,
  schema.contentPublications,
  schema.alertDigestEntries,
  schema.companyFollows,
);
beforeEach(async () => {
  await emptyOutbox();
  const db = await getDb();
  await db.delete(schema.companies);
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/** A company, two readers following it and one following nothing. */
async function followers() {
  const company = await insertCompany({ name: "Ironbark Gold", slug: "ironbark-gold", ticker: "IBG", exchange: "ASX" });
  const ann = await createSignedInUser({ email: `ann-${Date.now()}@example.com` });
  const bob = await createSignedInUser({ email: `bob-${Date.now()}@example.com` });
  await createSignedInUser({ email: `cat-${Date.now()}@example.com` });
  await followCompany(ann.user.id, company.id);
  await followCompany(bob.user.id, company.id);
  return { company, ann, bob };
}

const videoInput = (title: string, companyIds: string[]) => ({
  title,
  description: "The CEO on the quarter.",
  content: null,
  status: "draft" as const,
  tags: [],
  featured: false,
  companyIds,
});

/** Publishes a video naming `companyId` now, through the editor's one save. */
async function publishVideo(title: string, companyIds: string[], extra: Record<string, unknown> = {}) {
  const saved = await createItem("video", { ...videoInput(title, companyIds), status: "published", ...extra });
  return saved.id;
}

describe('company alerts (PRODUCT.md "Following and alerts")', () => {
  it("a published item naming a followed company queues one alert per follower, linked to the item, once however often the look runs", async () => {
    const { company, ann, bob } = await followers();
    const id = await publishVideo("Ironbark's quarter", [company.id]);
    expect(await announcePublications()).toBe(1);
    expect(await announcePublications()).toBe(0);
    const mails = (await queuedMails()).filter((mail) => mail.kind === "alert");
    expect(mails.map((mail) => mail.to).sort()).toEqual([ann.email, bob.email].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe("Ironbark Gold (ASX:IBG): Ironbark's quarter");
      // PRODUCT.md "Measurement": through our counting redirect, in both parts.
      expect(mail.text).toContain(`http://localhost:3000/go/alert/videos/${id}\n`);
      expect(mail.html).toContain(`href="http://localhost:3000/go/alert/videos/${id}"`);
      expect(mail.text).toContain("You receive this because you follow Ironbark Gold (ASX:IBG) on MarketWire.");
      // RFC 8058: the provider's unsubscribe button stops the alerts (the reader's own signed link).
      expect(mail.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/account\/alerts\/stop\?token=[\w-]+\.[\w-]+>$/);
      expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    }
  });

  it("two looks at once (two instances) announce the item once: each follower gets one alert", async () => {
    const { company, ann, bob } = await followers();
    await publishVideo("Raced", [company.id]);
    const counts = await Promise.all([announcePublications(), announcePublications(), announcePublications()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await queuedMails()).map((mail) => mail.to).sort()).toEqual([ann.email, bob.email].sort());
  });

  it("never alerts twice for an item unpublished and published again", async () => {
    const { company } = await followers();
    const id = await publishVideo("Ironbark's quarter", [company.id]);
    await announcePublications();
    const input = videoInput("Ironbark's quarter", [company.id]);
    await saveItem({ type: "video", id, input: { ...input, status: "draft" }, user: ADMIN_USER });
    await saveItem({ type: "video", id, input: { ...input, status: "published" }, user: ADMIN_USER });
    await announcePublications();
    expect((await queuedMails()).filter((mail) => mail.kind === "alert")).toHaveLength(2);
  });

  it("alerts for a scheduled item once its time has come, not before", async () => {
    const { company } = await followers();
    const [video] = await insertVideos([{ title: "Scheduled", publishedAt: new Date(Date.now() + 3_600_000) }]);
    const db = await getDb();
    await db.insert(schema.contentCompanies).values({ contentType: "video", contentId: video!.id, companyId: company.id });
    await announcePublications();
    expect(await queuedMails()).toEqual([]);
    await db
      .update(schema.videos)
      .set({ publishedAt: minutesAgo(1) })
      .where(eq(schema.videos.id, video!.id));
    expect(await announcePublications()).toBe(1);
    expect((await queuedMails()).map((mail) => mail.subject)).toEqual([
      "Ironbark Gold (ASX:IBG): Scheduled",
      "Ironbark Gold (ASX:IBG): Scheduled",
    ]);
  });

  it("sends nothing for an item no longer live when the mail is built, nor to a reader who unfollowed", async () => {
    const { company, ann, bob } = await followers();
    const gone = await publishVideo("Pulled", [company.id]);
    const db = await getDb();
    await db.update(schema.videos).set({ status: "draft" }).where(eq(schema.videos.id, gone));
    await unfollowCompany(ann.user.id, company.id);
    await publishVideo("Kept", [company.id]);
    await announcePublications();
    expect((await queuedMails()).map((mail) => [mail.to, mail.subject])).toEqual([[bob.email, "Ironbark Gold (ASX:IBG): Kept"]]);
  });

  it("opens a paid item's alert with its disclosure", async () => {
    const { company } = await followers();
    const [video] = await insertVideos([{ title: "Paid piece", publishedAt: minutesAgo(1), ...PAID }]);
    const db = await getDb();
    await db.insert(schema.contentCompanies).values({ contentType: "video", contentId: video!.id, companyId: company.id });
    await announcePublications();
    const [mail] = await queuedMails();
    expect(mail!.text.indexOf("Paid promotion. MarketWire received")).toBeGreaterThan(-1);
    expect(mail!.text.indexOf("Paid promotion.")).toBeLessThan(mail!.text.indexOf("Video: Paid piece"));
    expect(mail!.html).toContain("Paid promotion. MarketWire received");
  });

  it("puts a daily reader's items in one digest at 07:00 UTC, leaves out what is no longer live, and a reader with alerts off gets nothing", async () => {
    const { company, ann, bob } = await followers();
    await saveMailPreferences({ id: ann.user.id, email: ann.email, name: "Ann" }, { newsletter: false, alerts: "daily" });
    await saveMailPreferences({ id: bob.user.id, email: bob.email, name: "Bob" }, { newsletter: false, alerts: "off" });
    const first = await publishVideo("First", [company.id]);
    const pulled = await publishVideo("Pulled", [company.id]);
    await publishVideo("Second", [company.id]);
    await announcePublications();
    expect(await queuedMails()).toEqual([]);
    const db = await getDb();
    await db.update(schema.videos).set({ status: "archived" }).where(eq(schema.videos.id, pulled));

    const tomorrow = new Date(Date.now() + 24 * 3_600_000);
    const beforeSeven = new Date(Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate(), 6, 59));
    // Entries written now are older than tomorrow's 07:00 but not than today's, whichever comes first here.
    await db.execute(sql`update alert_digest_entries set created_at = now() - interval '2 days'`);
    expect(await sendDailyDigests(lastDigestTime(beforeSeven))).toBe(1);
    expect(await sendDailyDigests(lastDigestTime(beforeSeven))).toBe(0);
    const mails = await queuedMails();
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [ann.email, "Your MarketWire daily digest: 2 new items about companies you follow"],
    ]);
    expect(mails[0]!.text).toContain(`/go/alert/videos/${first}\n`);
    expect(mails[0]!.text).not.toContain("Pulled");
  });

  it("reaches a real SMTP server: each follower receives exactly one copy", async () => {
    const sink: SmtpSink = await startSmtpSink();
    const transport = smtpTransport(sink.url, "MarketWire <news@marketwire.test>", 2);
    try {
      const { company, ann, bob } = await followers();
      await publishVideo("On the wire", [company.id]);
      await announcePublications();
      await announcePublications();
      await sendDueMails({ transport, ratePerMinute: 10_000 });
      await sendDueMails({ transport, ratePerMinute: 10_000 });
      expect(sink.received.map((mail) => mail.to).sort()).toEqual([ann.email, bob.email].sort());
    } finally {
      transport.close();
      await sink.close();
    }
  });
});
