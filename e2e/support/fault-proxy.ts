// A fault-injecting HTTP proxy on 127.0.0.1 in front of the app: each request gets the fault its
// plan picks (by method, path and how many came before): passed through; answered 502 by "the
// gateway" without reaching the app; forwarded but its answer lost (the app did the work, the
// client sees the connection drop); or an event stream passed up to its n-th `generation` event
// and then cut or stalled (socket open, not another byte).
import { createServer, request as httpRequest, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Fault =
  | { kind: "pass" }
  | { kind: "bad-gateway" }
  | { kind: "lose-answer" }
  | { kind: "cut-after-events"; events: number }
  | { kind: "stall-after-events"; events: number };

interface ProxiedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  fault: Fault["kind"];
}

/** Picks the fault of a request; `nth` counts earlier requests with the same method and path (0 for the first). */
export type FaultPlan = (req: { method: string; path: string; nth: number }) => Fault;

/** The byte offset just after the n-th complete `generation` event, or -1 while it is incomplete. */
function endOfEvent(buf: Buffer, n: number): number {
  let from = 0;
  for (let i = 0; i < n; i++) {
    const start = buf.indexOf("event: generation", from);
    const end = start < 0 ? -1 : buf.indexOf("\n\n", start);
    if (end < 0) return -1;
    from = end + 2;
  }
  return from;
}

export async function faultProxy(target: string, plan: FaultPlan) {
  const upstream = new URL(target);
  const requests: ProxiedRequest[] = [];
  const counts = new Map<string, number>();
  const stalled = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    const key = `${req.method} ${path}`;
    const nth = counts.get(key) ?? 0;
    counts.set(key, nth + 1);
    const fault = plan({ method: req.method!, path, nth });
    requests.push({ method: req.method!, path, headers: req.headers, fault: fault.kind });
    if (fault.kind === "bad-gateway") {
      req.resume();
      res.writeHead(502, { "content-type": "text/html" }).end("<html><body>502 Bad Gateway</body></html>");
      return;
    }
    const forwarded = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        if (fault.kind === "lose-answer") {
          // The app answered, so it did the work; the client never hears of it.
          answer.destroy();
          res.socket?.destroy();
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        if (fault.kind === "pass") {
          answer.pipe(res);
          return;
        }
        let received = Buffer.alloc(0);
        let written = 0;
        answer.on("data", (chunk: Buffer) => {
          received = Buffer.concat([received, chunk]);
          const cut = endOfEvent(received, fault.events);
          if (cut < 0) {
            res.write(received.subarray(written));
            written = received.length;
            return;
          }
          answer.destroy();
          // Cut once the events are on their way, so the client reads them before the drop.
          res.write(received.subarray(written, cut), () => {
            if (fault.kind === "cut-after-events") res.socket?.destroy();
          });
          if (fault.kind === "stall-after-events") stalled.add(res);
        });
        answer.on("end", () => {
          if (!answer.destroyed) res.end();
        });
      },
    );
    forwarded.on("error", () => res.socket?.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of stalled) res.socket?.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
