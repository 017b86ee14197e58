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

/** Which of a record's outputs to download (several when it was created with `n`); default 0, the first. */
export interface DownloadOptions extends RequestOptions {
  output?: number;
}

function outputUrl(source: Generation | string, index: number): string {
  if (typeof source === "string") return source;
  const url = source.output[index]?.url;
  if (!url) {
    const which = index === 0 ? "no output" : `no output ${index} (it has ${source.output.length})`;
    throw new VgenError(`generation ${source.id} has ${which} (status ${source.status})`);
  }
  return url;
}

/**
 * Streams a clip (a completed record's output, `options.output` of several, or its URL) to `path`: written to `path.part` and
 * renamed when complete, so `path` never holds half a file. The API key is not sent: output URLs
 * live on the CDN, which may be another host.
 */
export async function download(
  transport: Transport,
  source: Generation | string,
  path: string,
  options: DownloadOptions = {},
): Promise<DownloadResult> {
  const { output = 0, ...request } = options;
  const res = await transport.send({ method: "GET", path: outputUrl(source, output), accept: "*/*", auth: false }, request);
  const partial = `${path}.part`;
  let bytes = 0;
  const counted = Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>).on("data", (chunk: Buffer) => {
    bytes += chunk.length;
  });
  try {
    await pipeline(counted, createWriteStream(partial), { signal: request.signal });
    await rename(partial, path);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  return { path, bytes };
}
