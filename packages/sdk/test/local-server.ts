import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

type Handler = (req: IncomingMessage, res: ServerResponse, seen: SeenRequest) => void;

/** A real HTTP server on 127.0.0.1 answering the n-th request with the n-th handler (the last one repeats). */
export async function localServer(handlers: Handler[]) {
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const seen = {
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
        at: Date.now(),
      };
      requests.push(seen);
      handlers[Math.min(requests.length, handlers.length) - 1]!(req, res, seen);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { "content-type": "application/json", "x-request-id": `req_${status}`, ...headers });
    res.end(JSON.stringify(body));
  };
}

export function apiError(status: number, code: string, headers: Record<string, string> = {}): Handler {
  return json(
    status,
    {
      error: {
        code,
        type: "api_error",
        message: `${code} says the server`,
        param: null,
        doc_url: `http://x/errors#${code}`,
        request_id: `req_${code}`,
      },
    },
    headers,
  );
}

export function record(overrides: Record<string, unknown> = {}) {
  return {
    id: "vid_test",
    model: "gen-3.1-fast",
    status: "processing",
    price: "$0.100 / сек",
    eta_seconds: 5,
    output: [],
    created_at: "2026-11-23T10:00:00Z",
    prompt: "p",
    duration: 2,
    size: "720p",
    aspect_ratio: "16:9",
    progress: 0,
    billed_seconds: 2,
    cost: "$0.200",
    completed_at: null,
    livemode: true,
    ...overrides,
  };
}

/**
 * An event stream of these records (each written in two pieces, after a keep-alive comment), ids
 * from `firstId`; then it ends, is cut (socket destroyed) or stalls (open, silent).
 */
export function eventStream(
  records: object[],
  { after = "end", firstId = 1 }: { after?: "end" | "cut" | "stall"; firstId?: number } = {},
): Handler {
  return (_req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream", "x-request-id": "req_stream" });
    res.write(": keep-alive\n\n");
    records.forEach((r, i) => {
      const text = `event: generation\nid: ${firstId + i}\ndata: ${JSON.stringify(r)}\n\n`;
      res.write(text.slice(0, 10));
      res.write(text.slice(10));
    });
    if (after === "end") res.end();
    else if (after === "cut") setTimeout(() => res.socket?.destroy(), 50);
  };
}

/** Drops the connection without an answer (the request was read: on the real server it took effect). */
export const lostAnswer: Handler = (req) => req.socket.destroy();
