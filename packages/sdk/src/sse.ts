// Server-sent events, parsed as the WHATWG HTML standard says ("Interpreting an event stream"):
// lines end in CRLF, LF or CR (a CR at a chunk's end may be followed by the LF in the next chunk);
// `data` lines join with "\n"; lines starting with ":" are comments; a blank line dispatches; an
// event with no data is dropped; an unterminated event at end of stream is discarded.
import { TimeoutError } from "./errors.js";

export interface SseEvent {
  /** `event:` field; "message" when none was given. */
  event: string;
  data: string;
  /** The last event id seen on the stream (it persists across events). */
  id: string | undefined;
  retry: number | undefined;
}

export class SseParser {
  private buffer = "";
  private sawBom = false;
  private pendingCr = false;
  private data: string[] = [];
  private eventName = "";
  private lastId: string | undefined;
  private retry: number | undefined;
  readonly comments: string[] = [];

  /** Feeds decoded text; returns the events completed by it. */
  feed(text: string): SseEvent[] {
    let chunk = text;
    if (!this.sawBom && chunk.length > 0) {
      this.sawBom = true;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    if (this.pendingCr && chunk.startsWith("\n")) chunk = chunk.slice(1);
    this.pendingCr = false;
    this.buffer += chunk;
    const events: SseEvent[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer[i];
      if (c !== "\n" && c !== "\r") continue;
      const line = this.buffer.slice(start, i);
      if (c === "\r") {
        if (i + 1 === this.buffer.length) this.pendingCr = true;
        else if (this.buffer[i + 1] === "\n") i++;
      }
      start = i + 1;
      const event = this.line(line);
      if (event) events.push(event);
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  private line(line: string): SseEvent | null {
    if (line === "") return this.dispatch();
    if (line.startsWith(":")) {
      this.comments.push(line.slice(1).replace(/^ /, ""));
      return null;
    }
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "data") this.data.push(value);
    else if (field === "event") this.eventName = value;
    else if (field === "id" && !value.includes("\0")) this.lastId = value;
    else if (field === "retry" && /^\d+$/.test(value)) this.retry = Number(value);
    return null;
  }

  private dispatch(): SseEvent | null {
    const event =
      this.data.length === 0
        ? null
        : { event: this.eventName || "message", data: this.data.join("\n"), id: this.lastId, retry: this.retry };
    this.data = [];
    this.eventName = "";
    return event;
  }
}

/**
 * One read that gives up after `idleMs` without bytes (a stalled connection never ends by itself).
 * The timer runs only while we wait on the socket, not while the consumer handles an event.
 */
function readWithin<T>(reader: ReadableStreamDefaultReader<T>, idleMs: number): ReturnType<typeof reader.read> {
  let timer: NodeJS.Timeout | undefined;
  const idle = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new TimeoutError(`no data on the event stream for ${idleMs} ms (the server sends at least a comment every 15 s)`)),
      idleMs,
    );
  });
  return Promise.race([reader.read(), idle]).finally(() => clearTimeout(timer));
}

/** Reads a `text/event-stream` body to its end, yielding each event as it completes; throws TimeoutError after `idleMs` of silence. */
export async function* readSse(
  body: ReadableStream<Uint8Array>,
  idleMs: number,
  parser = new SseParser(),
): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await readWithin(reader, idleMs);
      if (done) break;
      yield* parser.feed(decoder.decode(value, { stream: true }));
    }
    yield* parser.feed(decoder.decode());
  } finally {
    // Stops the download when the consumer leaves the loop early (break, throw).
    await reader.cancel().catch(() => {});
  }
}
