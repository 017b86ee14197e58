import { Readable } from "node:stream";
import { ApiError } from "@vgen/contracts";
import { getDb, newId } from "@vgen/db";
import { outputRetention } from "@vgen/engine/generations";
import { openOutput, outputCacheControl } from "@vgen/engine/storage";
import { apiErrorOf } from "@/server/errors/convert";
import { errorResponse } from "@/server/errors/http";

export const dynamic = "force-dynamic";

function parseRange(header: string | null, size: number): { start: number; end: number } | "invalid" | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return "invalid";
  let start: number;
  let end: number;
  if (m[1] === "") {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start > end || start >= size ? "invalid" : { start, end };
}

/** `?download` asks for a file to save rather than to play: a "Download MP4" link must not replace the page. */
function disposition(req: Request, key: string): Record<string, string> {
  if (!new URL(req.url).searchParams.has("download")) return {};
  return { "content-disposition": `attachment; filename="${key.replace(/[^\w.-]/g, "_")}"` };
}

/**
 * Serves stored outputs (MP4s and their JPEG posters) with Range support, as a CDN would (players
 * seek with ranges). Past its retention an output answers `410 output_expired` at once, before
 * the sweep deletes the file; caches may keep a file only until it expires. Inline by default (players);
 * `?download` serves it as an attachment.
 */
export async function GET(req: Request, ctx: { params: Promise<{ key: string }> }) {
  return serve(req, ctx).catch((err: unknown) => {
    // The database unavailable: 503 with Retry-After, like the API (a player retries), never a bare 500.
    const requestId = newId("req");
    return errorResponse(apiErrorOf(err, { requestId, path: new URL(req.url).pathname }), requestId);
  });
}

async function serve(req: Request, { params }: { params: Promise<{ key: string }> }) {
  const { key } = await params;
  const retention = await outputRetention(getDb(), key);
  if (retention?.expired) {
    return errorResponse(
      new ApiError("output_expired", "This output's retention period has ended and its file was deleted."),
      newId("req"),
    );
  }
  const file = await openOutput(key);
  if (!file) return errorResponse(new ApiError("route_not_found", "No output at this address."), newId("req"));
  const common = {
    "content-type": file.contentType,
    "accept-ranges": "bytes",
    "cache-control": outputCacheControl(retention?.maxAgeSeconds ?? Number.POSITIVE_INFINITY),
    "last-modified": file.mtime.toUTCString(),
    ...disposition(req, key),
  };
  const range = parseRange(req.headers.get("range"), file.size);
  if (range === "invalid") {
    return new Response(null, { status: 416, headers: { ...common, "content-range": `bytes */${file.size}` } });
  }
  if (!range) {
    return new Response(Readable.toWeb(file.stream()) as ReadableStream, {
      headers: { ...common, "content-length": String(file.size) },
    });
  }
  return new Response(Readable.toWeb(file.stream(range)) as ReadableStream, {
    status: 206,
    headers: {
      ...common,
      "content-length": String(range.end - range.start + 1),
      "content-range": `bytes ${range.start}-${range.end}/${file.size}`,
    },
  });
}

export const HEAD = async (req: Request, ctx: { params: Promise<{ key: string }> }) => {
  const res = await GET(req, ctx);
  await res.body?.cancel();
  return new Response(null, { status: res.status, headers: res.headers });
};
