/** Moves the movie box in front of the media data (faststart.mjs). */
export function fastStart(buf: Buffer): Buffer;
