/**
 * The one way mail leaves (PRODUCT.md "Mail"): SMTP through nodemailer, to any provider. Tells the worker
 * whether a refusal is final (a 5xx) or worth another try (a 4xx, a dropped connection, a timeout).
 */
import nodemailer from "nodemailer";

export interface MailMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
}

export interface MailTransport {
  /** Resolves once the server has accepted the mail (250); throws a `MailSendError` otherwise. */
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
}

export class MailSendError extends Error {
  constructor(
    message: string,
    /** A 5xx: the same mail will never be accepted. */
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/**
 * A send that outlasts this is given up as a temporary failure, well inside the worker's 5-minute claim,
 * so no other instance takes the mail over while it may still be accepted.
 */
const SOCKET_TIMEOUT_MS = 60_000;

/** The host part of the sender's address names every Message-ID. */
export function messageIdHost(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split("@")[1]?.trim() || "marketwire.local";
}

/**
 * The Message-ID of an outbox row: the same on every attempt, so a mail repeated after a crash (PRODUCT.md
 * "Mail") is recognisably the same mail.
 */
export function messageIdOf(id: number, host: string) {
  return `<outbox-${id}@${host}>`;
}

/** Why a send failed, as one line for the admin's mail page; no addresses, no stack. */
function describe(error: { message?: string; response?: string; responseCode?: number; code?: string }) {
  if (error.response) return error.response.slice(0, 500);
  return [error.code, error.message].filter(Boolean).join(": ").slice(0, 500) || "unknown error";
}

export function smtpTransport(url: string, from: string, maxConnections: number): MailTransport {
  const transporter = nodemailer.createTransport(
    { url, pool: true, maxConnections, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: SOCKET_TIMEOUT_MS },
    { from },
  );
  const host = messageIdHost(from);
  return {
    async send(message) {
      try {
        await transporter.sendMail({
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html === null ? {} : { html: message.html }),
          headers: message.headers,
          messageId: messageIdOf(message.id, host),
        });
      } catch (error) {
        const failure = error as { responseCode?: number };
        const code = failure.responseCode ?? 0;
        throw new MailSendError(describe(error as Error), code >= 500 && code < 600);
      }
    },
    close: () => transporter.close(),
  };
}
