import nodemailer, { type Transporter } from "nodemailer";

/** How long an SMTP conversation may stall before the attempt counts as failed (and is retried). */
const CONNECT_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

const transports = new Map<string, Transporter>();

/**
 * The process's SMTP transport for a URL. Not pooled: account mail is a trickle, and a connection
 * per message never meets an idle connection the server has dropped.
 */
function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: CONNECT_TIMEOUT_MS,
      greetingTimeout: CONNECT_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
    });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** Hands one message to the SMTP server; rejects when the server refuses it or cannot be reached. */
export async function sendOverSmtp(
  smtpUrl: string,
  message: { from: string; to: string; subject: string; text: string; html: string | null; messageId: string },
): Promise<void> {
  await transportFor(smtpUrl).sendMail({
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    messageId: message.messageId,
  });
}

/** Drops the transports (the worker's shutdown). */
export function closeMailTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}
