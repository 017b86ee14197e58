import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A reference-image server that never answers: a generation given one of its URLs stays `processing`
 * (its worker waits on the fetch) until the test cancels it, so holds and cancels are observed
 * without racing the renderer.
 */
export async function stalledReferenceServer(): Promise<{ url: string; close(): Promise<void> }> {
  const waiting = new Set<ServerResponse>();
  const server = createServer((_req, res) => {
    waiting.add(res);
    res.on("close", () => waiting.delete(res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/frame.png`,
    close: () =>
      new Promise((resolve) => {
        for (const res of waiting) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
