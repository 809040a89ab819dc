import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { emptyOutbox } from "../../../tests/support/mail";
import { getDb, schema } from "../db/db.server";
import { mailCounts, mailCountsByBatch, queueMail } from "./outbox.server";

beforeEach(emptyOutbox);

const mail = (to: string, batch: string) => ({ kind: "edition" as const, to, subject: "S", text: "T", batch, dedupeKey: `${batch}:${to}` });

describe('the outbox\'s counts (PRODUCT.md "Mail")', () => {
  it("counts several batches in one statement, each as its own mailCounts does, and zeros for a batch without mail", async () => {
    const db = await getDb();
    await queueMail(db, [mail("a@example.com", "edition:1"), mail("b@example.com", "edition:1"), mail("c@example.com", "edition:2")]);
    await db.update(schema.mailOutbox).set({ status: "sent" }).where(eq(schema.mailOutbox.toAddress, "b@example.com"));
    const counts = await mailCountsByBatch(["edition:1", "edition:2", "edition:3"]);
    expect(counts.get("edition:1")).toEqual(await mailCounts("edition:1"));
    expect(counts.get("edition:1")).toEqual({ queued: 1, sending: 0, sent: 1, failed: 0 });
    expect(counts.get("edition:2")).toEqual({ queued: 1, sending: 0, sent: 0, failed: 0 });
    expect(counts.get("edition:3")).toEqual({ queued: 0, sending: 0, sent: 0, failed: 0 });
    expect((await mailCountsByBatch([])).size).toBe(0);
  });
});
