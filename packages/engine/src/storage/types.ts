import type { Readable } from "node:stream";

/** A stored output, opened for serving (the app's /cdn route; Range requests pass `range`). */
export interface StoredObject {
  size: number;
  contentType: string;
  mtime: Date;
  stream(range?: { start: number; end: number }): Readable;
}

/** Where finished outputs live. Keys are flat names such as `vid_abc.mp4` (the video) and `vid_abc.jpg` (its poster). */
export interface StorageBackend {
  readonly driver: "local" | "s3";
  /** A directory for work files (renders, downloads) that `put` can take from cheaply. */
  workDir(): Promise<string>;
  /** Stores the finished file at `filePath` under `key` (the file is moved or uploaded; callers may remove it after). */
  put(key: string, filePath: string): Promise<void>;
  /** Opens a stored object, or null when there is none. */
  open(key: string): Promise<StoredObject | null>;
  /** Removes a stored object; removing one that is not there is not an error. */
  remove(key: string): Promise<void>;
}

const VIDEO_CONTENT_TYPE = "video/mp4";
const POSTER_CONTENT_TYPE = "image/jpeg";

/** The Content-Type an object is stored and served with, from its key's extension. */
export function contentTypeFor(key: string): string {
  return key.endsWith(".jpg") ? POSTER_CONTENT_TYPE : VIDEO_CONTENT_TYPE;
}
/** Keys embed the generation id, so an object never changes once written. */
export const OUTPUT_CACHE_CONTROL = "public, max-age=31536000, immutable";
