/**
 * The end-to-end run's mailbox (PRODUCT.md "Mail"): a real SMTP server (tests/support/smtp-sink.ts) on
 * E2E_SMTP_PORT that the mail-sending test server delivers to; every mail accepted is appended to
 * E2E_MAILBOX as one JSON line, which the journeys read (tests/e2e/mailbox.ts).
 */
import fs from "node:fs";
import path from "node:path";

import { startSmtpSink } from "../support/smtp-sink";

const port = Number(process.env.E2E_SMTP_PORT);
const mailbox = process.env.E2E_MAILBOX;
if (!port || !mailbox) throw new Error("E2E_SMTP_PORT and E2E_MAILBOX are required");
fs.mkdirSync(path.dirname(mailbox), { recursive: true });
fs.writeFileSync(mailbox, "");

const sink = await startSmtpSink({ port, onMail: (mail) => fs.appendFileSync(mailbox, `${JSON.stringify(mail)}\n`) });
console.log(`Mail sink listening on ${sink.url}, writing to ${mailbox}`);
process.on("SIGTERM", () => void sink.close().then(() => process.exit(0)));
