import fs from "node:fs";
import { expect } from "@playwright/test";

import { E2E_MAILBOX } from "../../playwright.config";
import type { ReceivedMail } from "../support/smtp-sink";

/** Every mail the end-to-end mailbox (mail-sink.ts) has accepted so far. */
export function mailbox(): ReceivedMail[] {
  if (!fs.existsSync(E2E_MAILBOX)) return [];
  return fs
    .readFileSync(E2E_MAILBOX, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReceivedMail);
}

/** The mails to `to` matching `subject`, once there are `count` of them (the worker sends within seconds). */
export async function mailsTo(to: string, subject: RegExp, count = 1): Promise<ReceivedMail[]> {
  let found: ReceivedMail[] = [];
  await expect
    .poll(
      () => {
        found = mailbox().filter((mail) => mail.to === to && subject.test(mail.subject));
        return found.length;
      },
      { timeout: 60_000, intervals: [250, 500, 1_000] },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}
