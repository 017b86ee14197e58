import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { VgenError } from "./errors.js";
import type { Transport } from "./transport.js";
import type { Generation, RequestOptions } from "./types.js";

export interface DownloadResult {
  path: string;
  bytes: number;
}

function outputUrl(source: Generation | string): string {
  if (typeof source === "string") return source;
  const url = source.output[0]?.url;
  if (!url) throw new VgenError(`generation ${source.id} has no output (status ${source.status})`);
  return url;
}

/**
 * Streams a clip (a completed record's output, or its URL) to `path`: written to `path.part` and
 * renamed when complete, so `path` never holds half a file. The API key is not sent: output URLs
 * live on the CDN, which may be another host.
 */
export async function download(
  transport: Transport,
  source: Generation | string,
  path: string,
  options: RequestOptions = {},
): Promise<DownloadResult> {
  const res = await transport.send({ method: "GET", path: outputUrl(source), accept: "*/*", auth: false }, options);
  const partial = `${path}.part`;
  let bytes = 0;
  const counted = Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>).on("data", (chunk: Buffer) => {
    bytes += chunk.length;
  });
  try {
    await pipeline(counted, createWriteStream(partial), { signal: options.signal });
    await rename(partial, path);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  return { path, bytes };
}
