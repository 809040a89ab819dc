/**
 * A real SMTP server for tests and `npm run bench:mail` (smtp-server, parsed by mailparser): the mail
 * worker talks to it over TCP exactly as it would to a provider. Test-only, never part of the product.
 */
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  messageId: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
}

export interface SinkOptions {
  /**
   * Asked when a mail's data has arrived: an SMTP code and text to refuse it with (451 for a temporary
   * refusal, 550 for a permanent one), or undefined to accept it. `attempt` counts this recipient's tries.
   */
  refuse?: (to: string, attempt: number) => { code: number; message: string } | undefined;
  /** Waits this long before answering each mail. */
  delayMs?: number;
  /** Keep only counts, not the parsed mails (the benchmark's 10,000). */
  countOnly?: boolean;
  /** Listen on this port (default: any free one). */
  port?: number;
  /** Called with each mail accepted and parsed. */
  onMail?: (mail: ReceivedMail) => void;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /** Mails accepted (250), counted even when `countOnly`. */
  accepted: () => number;
  close: () => Promise<void>;
}

export async function startSmtpSink(options: SinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const attempts = new Map<string, number>();
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // The benchmark's worker opens several connections at once.
    maxClients: 50,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address).join(", ");
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        void (async () => {
          if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
          const attempt = (attempts.get(to) ?? 0) + 1;
          attempts.set(to, attempt);
          const refusal = options.refuse?.(to, attempt);
          if (refusal) {
            callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
            return;
          }
          accepted += 1;
          if (!options.countOnly) {
            const parsed = await simpleParser(Buffer.concat(chunks));
            const headers: Record<string, string> = {};
            for (const { key, line } of parsed.headerLines) headers[key] = line.slice(line.indexOf(":") + 1).trim();
            const mail = {
              to,
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : null,
              messageId: parsed.messageId ?? "",
              headers,
            };
            received.push(mail);
            options.onMail?.(mail);
          }
          callback();
        })();
      });
    },
  });
  // A sender killed mid-session (tests/reliability/postgres/mail-outbox.test.ts) resets its connection: that is
  // the sender's failure to see, not the sink's; without a listener it would be an uncaught error.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET" && error.code !== "EPIPE") throw error;
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    accepted: () => accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
