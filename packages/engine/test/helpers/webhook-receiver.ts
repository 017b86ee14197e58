import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";

interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A local receiver for webhook deliveries, listening for the suite (private-network fetching is
 * allowed meanwhile, as the SSRF guard refuses 127.0.0.1 otherwise). `status` answers each path.
 */
export function useWebhookReceiver(status: (url: string) => number = () => 204) {
  const receiver = { base: "", received: [] as ReceivedWebhook[] };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      receiver.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(status(req.url ?? "/")).end();
    });
  });
  const savedPrivate = process.env.ALLOW_PRIVATE_NETWORK_FETCH;
  beforeAll(async () => {
    process.env.ALLOW_PRIVATE_NETWORK_FETCH = "1";
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    receiver.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (savedPrivate === undefined) delete process.env.ALLOW_PRIVATE_NETWORK_FETCH;
    else process.env.ALLOW_PRIVATE_NETWORK_FETCH = savedPrivate;
    await new Promise((resolve) => server.close(resolve));
  });
  return receiver;
}
