import { createReadStream } from "node:fs";
import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { config } from "./config";

/** Output files live under OUTPUT_DIR and are served at {cdn_url}/<key>. */
export function outputKeyFor(generationId: string): string {
  return `${generationId}.mp4`;
}

export function publicUrlFor(key: string): string {
  return `${config().cdnBaseUrl}/${key}`;
}

export async function localPathForWrite(key: string): Promise<string> {
  await mkdir(config().outputDir, { recursive: true });
  return path.join(config().outputDir, key);
}

const SAFE_KEY = /^[A-Za-z0-9_-]+\.mp4$/;

/** Opens a stored file for serving, or null; keys are checked so no path escapes the directory. */
export async function openOutput(key: string) {
  if (!SAFE_KEY.test(key)) return null;
  const file = path.join(config().outputDir, key);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  return { size: info.size, mtime: info.mtime, stream: (range?: { start: number; end: number }) => createReadStream(file, range) };
}
