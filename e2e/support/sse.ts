import { createParser, type EventSourceMessage } from "eventsource-parser";

export interface ReceivedEvent extends EventSourceMessage {
  /** Milliseconds since the request was sent. */
  at: number;
}

/** Reads a text/event-stream response to its end with a spec-compliant parser. */
export async function readEventStream(res: Response, sentAt: number, onEvent?: (e: ReceivedEvent) => void) {
  const events: ReceivedEvent[] = [];
  /** Comments (keep-alives), with when each arrived. */
  const comments: { text: string; at: number }[] = [];
  const parser = createParser({
    onEvent: (e) => {
      const received = { ...e, at: Date.now() - sentAt };
      events.push(received);
      onEvent?.(received);
    },
    onComment: (text) => comments.push({ text, at: Date.now() - sentAt }),
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
