import { createParser, type EventSourceMessage } from "eventsource-parser";

export interface ReceivedEvent extends EventSourceMessage {
  /** Milliseconds since the request was sent. */
  at: number;
}

/** Reads a text/event-stream response to its end with a spec-compliant parser. */
export async function readEventStream(res: Response, sentAt: number, onEvent?: (e: ReceivedEvent) => void) {
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  const parser = createParser({
    onEvent: (e) => {
      const received = { ...e, at: Date.now() - sentAt };
      events.push(received);
      onEvent?.(received);
    },
    onComment: (c) => comments.push(c),
  });
  const decoder = new TextDecoder();
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
  }
  return { events, comments, closedAt: Date.now() - sentAt };
}
