// `vgen listen --forward-to URL [--events a,b]` and `vgen trigger EVENT` (README: "Webhooks on your
// machine"): the account's events come down an authenticated stream and are POSTed here to a local
// receiver with their exact body and signed headers; nothing on the server connects to this machine.
import type { ListenEvent } from "../../resources/webhook-listen.js";
import { type Command, defineCommand } from "../command.js";
import { EXIT, UsageError } from "../exit-codes.js";

/** A local receiver gets this long to answer before the delivery line says it timed out. */
const FORWARD_TIMEOUT_MS = 30_000;

function forwardUrl(value: string | undefined): URL {
  if (!value) throw new UsageError("vgen listen needs --forward-to URL (e.g. http://localhost:8080/hook)");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--forward-to is not a URL: ${value}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new UsageError("--forward-to must be an http(s) URL");
  return url;
}

function time(): string {
  return new Date().toISOString().slice(11, 19);
}

/** POSTs one event as it came; returns the line's outcome part (`200`, `error: ECONNREFUSED`). */
async function forward(url: URL, event: ListenEvent, signal: AbortSignal): Promise<string> {
  const timeout = AbortSignal.timeout(FORWARD_TIMEOUT_MS);
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: event.headers,
      body: event.body,
      signal: AbortSignal.any([signal, timeout]),
    });
    await res.arrayBuffer().catch(() => {});
    return String(res.status);
  } catch (err) {
    if (timeout.aborted) return `error: no answer within ${FORWARD_TIMEOUT_MS / 1000} s`;
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return `error: ${cause?.code ?? cause?.message ?? (err as Error).message}`;
  }
}

/** Runs until interrupted: prints the session's signing secret, then one line per forwarded event. */
export const listen: Command = defineCommand({
  name: "listen",
  usage: "listen --forward-to URL [--events TYPE,TYPE]",
  options: { "forward-to": { type: "string" }, events: { type: "string" } },
  async run({ values, client, io, signal }) {
    const url = forwardUrl(values["forward-to"]);
    const events = values.events
      ?.split(",")
      .map((e) => e.trim())
      .filter(Boolean);
    let secret: string | undefined;
    for await (const message of client().webhooks.listen({ events, signal })) {
      if (message.type === "session") {
        if (message.session.secret !== secret) {
          secret = message.session.secret;
          io.stdout.write(`Ready. Forwarding events to ${url.href}\nYour webhook signing secret is ${secret}\n`);
        } else {
          io.stderr.write(`${time()}  reconnected\n`);
        }
      } else if (message.type === "disconnected") {
        io.stderr.write(`${time()}  stream lost (${message.error.message}); reconnecting in ${message.retryInMs} ms\n`);
      } else {
        const started = performance.now();
        const outcome = await forward(url, message.event, signal);
        const ms = Math.round(performance.now() - started);
        io.stdout.write(`${time()}  ${message.event.type}  ${message.event.id}  -> ${outcome}  ${ms} ms\n`);
      }
    }
    return EXIT.completed;
  },
});

/** Asks the server for a sample event of a type, sent to the account's endpoints and listen sessions. */
export const trigger: Command = defineCommand({
  name: "trigger",
  usage: "trigger EVENT_TYPE",
  options: {},
  async run({ positionals, client, io }) {
    const event = positionals[0];
    if (!event) throw new UsageError("vgen trigger needs an event type, e.g. vgen trigger generation.completed");
    const result = await client().webhooks.trigger(event);
    io.stdout.write(`Triggered ${result.event}: ${result.deliveries} deliver${result.deliveries === 1 ? "y" : "ies"} queued\n`);
    return EXIT.completed;
  },
});
