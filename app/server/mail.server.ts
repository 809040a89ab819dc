import nodemailer, { type Transporter } from "nodemailer";

import { getEnv } from "./env.server";
import { log } from "./log.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

let transport: Transporter | undefined;

/** Whether real mail can be sent; without it, new accounts are usable without verification. */
export function hasMailTransport() {
  return Boolean(getEnv().SMTP_URL);
}

/** Sends through SMTP_URL, or writes the mail to the server log so the embedded default still works. */
export async function sendMail(mail: Mail) {
  const env = getEnv();
  if (!env.SMTP_URL) {
    log.info(`[mail] (no SMTP_URL set, not sent) to=${mail.to} subject="${mail.subject}"\n${mail.text}`);
    return;
  }
  transport ??= nodemailer.createTransport(env.SMTP_URL);
  await transport.sendMail({ from: env.MAIL_FROM, ...mail });
}
