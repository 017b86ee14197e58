/**
 * The floor of the streams case: a bare node:http event-stream server with the app's schedule for
 * a generation whose state does not change (retry + the record at once, then a keep-alive comment
 * every 10 s) and no database, auth or framework. What one open stream costs here is what any
 * server pays. Run: PORT=4010 node --import tsx bench/floors/sse-floor.ts (prints "listening <port>").
 */
import { createServer, type ServerResponse } from "node:http";

const KEEPALIVE_MS = 10_000;

/** A record of the size the API sends for a processing generation. */
const record = JSON.stringify({
  id: "vid_floorfloorfloorfloorfl",
  model: "gen-3.1-fast",
  status: "processing",
  price: "$0.05/s",
  eta_seconds: 12,
  output: [],
  created_at: "2026-11-22T23:14:35Z",
  prompt: "A paper boat drifting down a rainy street",
  duration: 4,
  size: "720p",
  aspect_ratio: "16:9",
  progress: 0,
  billed_seconds: 4,
  cost: "$0.20",
  completed_at: null,
});

const open = new Set<ServerResponse>();

const server = createServer((_req, res) => {
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
  });
  res.write("retry: 2000\n\n");
  res.write(`event: generation\nid: 0\ndata: ${record}\n\n`);
  open.add(res);
  res.on("close", () => open.delete(res));
});

setInterval(() => {
  for (const res of open) res.write(": keep-alive\n\n");
}, KEEPALIVE_MS);

server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : ""}`);
});
process.on("SIGTERM", () => process.exit(0));
