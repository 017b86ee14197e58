import { env, s3Settings, type Env } from "@vgen/config";
import { createLocalStorage } from "./local";
import type { StorageBackend, StoredObject } from "./types";

/**
 * Output files are stored under a key and served at {cdn_url}/<key>: the first output (index 0) as
 * `<id>.mp4`, as every generation's only output always was; output i > 0 as `<id>-<i>.mp4`.
 */
export function outputKeyFor(generationId: string, index = 0): string {
  return `${outputBase(generationId, index)}.mp4`;
}

/** The poster frame (JPEG) of a generation's output, stored beside it. */
export function posterKeyFor(generationId: string, index = 0): string {
  return `${outputBase(generationId, index)}.jpg`;
}

function outputBase(generationId: string, index: number): string {
  return index === 0 ? generationId : `${generationId}-${index}`;
}

/** The generation a stored output's key (MP4 or poster) belongs to; null for any other key. */
export function generationOfKey(key: string): string | null {
  return /^([^/]+?)(?:-[1-9])?\.(?:mp4|jpg)$/.exec(key)?.[1] ?? null;
}

export function publicUrlFor(key: string): string {
  return `${env().CDN_BASE_URL}/${key}`;
}

/** The backend for a configuration: STORAGE_DRIVER=local (default) or s3. The S3 SDK loads only when used. */
export async function createStorageBackend(e: Env): Promise<StorageBackend> {
  const s3 = s3Settings(e);
  if (s3) {
    const { createS3Storage } = await import("./s3");
    return createS3Storage(s3);
  }
  return createLocalStorage(e.OUTPUT_DIR);
}

let backend: Promise<StorageBackend> | undefined;
/** The process-wide storage backend, from the validated environment. */
export function storageBackend(): Promise<StorageBackend> {
  backend ??= createStorageBackend(env()).catch((err) => {
    backend = undefined;
    throw err;
  });
  return backend;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+\.(mp4|jpg)$/;

/** Opens a stored file for serving, or null; keys are checked so no path escapes the store. */
export async function openOutput(key: string): Promise<StoredObject | null> {
  if (!SAFE_KEY.test(key)) return null;
  return (await storageBackend()).open(key);
}

/** Removes stored outputs (account deletion, retention); keys that do not look like outputs are skipped. */
export async function removeOutputs(keys: string[], backend?: StorageBackend): Promise<void> {
  const store = backend ?? (await storageBackend());
  for (const key of keys) if (SAFE_KEY.test(key)) await store.remove(key);
}
