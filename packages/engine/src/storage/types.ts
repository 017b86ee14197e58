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
  /**
   * Stores the finished file at `filePath` under `key` (the file is moved or uploaded; callers may
   * remove it after). `keepSeconds`: how long it is kept (its retention), which bounds how long
   * caches in front of the bucket may serve it.
   */
  put(key: string, filePath: string, keepSeconds: number): Promise<void>;
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
const YEAR_SECONDS = 31_536_000;

/**
 * Keys embed the generation id, so an object never changes once written; it may be cached until it
 * is deleted at the end of its retention (at most a year), never longer.
 */
export function outputCacheControl(keepSeconds: number): string {
  return `public, max-age=${Math.max(0, Math.min(Math.floor(keepSeconds), YEAR_SECONDS))}, immutable`;
}
