/** What an upstream is sent to continue an extension's source clip (docs/api.md#extending-a-clip). */
import { buffer } from "node:stream/consumers";
import type { Db, Generation } from "@vgen/db";
import { type AdapterCapabilities, GenerationFailure, type UpstreamRequest } from "../../providers";
import { lastFrameFromMp4, openOutput, outputsOf, publicUrlFor } from "../../storage";

/**
 * The source clip itself for a provider with native extension, else its last frame as the first
 * frame (inline, as a data URI for adapters that send URLs). Nothing for a clip of its own.
 */
export async function extensionInput(
  db: Db,
  gen: Generation,
  capabilities: AdapterCapabilities | null,
): Promise<Pick<UpstreamRequest, "firstFrame" | "extendVideo">> {
  if (!gen.extendedFrom) return {};
  const source = await db.generation.findFirst({ where: { id: gen.extendedFrom, accountId: gen.accountId } });
  // A source of several clips (`n`) is continued from its first.
  const key = source ? outputsOf(source)[0]?.key : undefined;
  const stored = key ? await openOutput(key) : null;
  if (!source || !key || !stored)
    throw new GenerationFailure(
      "reference_fetch_failed",
      `The clip of '${gen.extendedFrom}' is no longer stored; it cannot be extended.`,
    );
  const bytes = await buffer(stored.stream());
  if (capabilities?.nativeExtension) return { extendVideo: { url: publicUrlFor(key), bytes, mimeType: "video/mp4" } };
  const frame = await lastFrameFromMp4(bytes).catch((err: Error) => {
    throw new GenerationFailure("reference_fetch_failed", `Could not read the last frame of '${source.id}': ${err.message}`);
  });
  return { firstFrame: { url: `data:image/jpeg;base64,${frame.toString("base64")}`, bytes: frame, mimeType: "image/jpeg" } };
}
