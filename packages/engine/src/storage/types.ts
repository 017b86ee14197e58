import type { Readable } from "node:stream";

/** A stored output, opened for serving (the app's /cdn route; Range requests pass `range`). */
export interface StoredObject {
  size: number;
  mtime: Date;
  stream(range?: { start: number; end: number }): Readable;
}

/** Where finished outputs live. Keys are flat names such as `vid_abc.mp4`. */
export interface StorageBackend {
  readonly driver: "local" | "s3";
  /** A directory for work files (renders, downloads) that `put` can take from cheaply. */
  workDir(): Promise<string>;
  /** Stores the finished file at `filePath` under `key` (the file is moved or uploaded; callers may remove it after). */
  put(key: string, filePath: string): Promise<void>;
  /** Opens a stored object, or null when there is none. */
  open(key: string): Promise<StoredObject | null>;
}

export const VIDEO_CONTENT_TYPE = "video/mp4";
/** Keys embed the generation id, so an object never changes once written. */
export const OUTPUT_CACHE_CONTROL = "public, max-age=31536000, immutable";
