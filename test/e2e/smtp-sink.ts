/**
 * A real SMTP server (smtp-server) on 127.0.0.1 that keeps every message it accepts, with the
 * envelope's recipients, so tests can read what nodemailer really sent.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** RCPT TO addresses: who the mail was really delivered to. */
  recipients: string[];
  raw: string;
  /** The decoded text/plain part. */
  text: string;
  /** The decoded text/html part. */
  html: string;
  subject: string;
}

export interface SmtpSink {
  port: number;
  messages: ReceivedMail[];
  /** Resolves with the next message (or the one already waiting); fails after `timeoutMs`. */
  nextMessage(timeoutMs?: number): Promise<ReceivedMail>;
  /** Forgets every message received so far. */
  reset(): void;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const unfolded = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < unfolded.length; i++) {
    const char = unfolded[i] as string;
    if (char === "=" && /^[0-9A-F]{2}$/i.test(unfolded.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(unfolded.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The decoded body of the first MIME part of `type` (nodemailer's multipart/alternative). */
function part(raw: string, type: string): string {
  const start = raw.search(new RegExp(`Content-Type: ${type.replace("/", "\\/")}`, "i"));
  if (start === -1) return "";
  const rest = raw.slice(start);
  const headerEnd = rest.search(/\r?\n\r?\n/);
  const headers = rest.slice(0, headerEnd);
  const bodyAndMore = rest.slice(headerEnd).replace(/^\r?\n\r?\n/, "");
  const boundary = bodyAndMore.search(/\r?\n--/);
  const body = boundary === -1 ? bodyAndMore : bodyAndMore.slice(0, boundary);
  if (/quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
  if (/base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<(mail: ReceivedMail) => void> = [];
  const undelivered: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail: ReceivedMail = {
          recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          text: part(raw, "text/plain"),
          html: part(raw, "text/html"),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "",
        };
        messages.push(mail);
        const waiter = waiters.shift();
        if (waiter) waiter(mail);
        else undelivered.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    messages,
    nextMessage(timeoutMs = 5000) {
      const waiting = undelivered.shift();
      if (waiting) return Promise.resolve(waiting);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no mail arrived")), timeoutMs);
        waiters.push((mail) => {
          clearTimeout(timer);
          resolve(mail);
        });
      });
    },
    reset() {
      messages.length = 0;
      undelivered.length = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
