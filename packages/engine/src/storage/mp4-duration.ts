import { open } from "node:fs/promises";

/**
 * The playing time of an MP4, read from its movie header (moov/mvhd): what a provider really
 * delivered, which is what the generation is billed for (docs/providers.md#billing).
 */

interface Box {
  type: string;
  /** Start of the box's payload. */
  body: number;
  end: number;
}

function* boxes(buf: Buffer, start: number, end: number): Generator<Box> {
  let at = start;
  while (at + 8 <= end) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString("latin1", at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return;
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) return;
    yield { type, body: at + header, end: at + size };
    at += size;
  }
}

/** Duration in milliseconds, or null when the file has no readable movie header. */
export function mp4DurationMs(buf: Buffer): number | null {
  for (const moov of boxes(buf, 0, buf.length)) {
    if (moov.type !== "moov") continue;
    for (const box of boxes(buf, moov.body, moov.end)) {
      if (box.type !== "mvhd") continue;
      const version = buf.readUInt8(box.body);
      // version 0: creation, modification (4 bytes each), timescale, duration (4); version 1: 8, 8, 4, 8.
      const need = version === 1 ? 32 : 20;
      if (box.body + need > box.end) return null;
      const timescale = buf.readUInt32BE(box.body + (version === 1 ? 20 : 12));
      const duration = version === 1 ? Number(buf.readBigUInt64BE(box.body + 24)) : buf.readUInt32BE(box.body + 16);
      if (timescale === 0) return null;
      return Math.round((duration * 1000) / timescale);
    }
  }
  return null;
}

/**
 * Whether the MP4 has a sound track: a moov/trak whose mdia/hdlr handler type is `soun`. Null when the
 * file has no readable movie box. A provider's clip that came back silent has only a `vide` track.
 */
export function mp4HasAudio(buf: Buffer): boolean | null {
  for (const moov of boxes(buf, 0, buf.length)) {
    if (moov.type !== "moov") continue;
    for (const trak of boxes(buf, moov.body, moov.end)) {
      if (trak.type !== "trak") continue;
      for (const mdia of boxes(buf, trak.body, trak.end)) {
        if (mdia.type !== "mdia") continue;
        for (const hdlr of boxes(buf, mdia.body, mdia.end)) {
          // hdlr: version+flags (4), pre_defined (4), handler_type (4).
          if (
            hdlr.type === "hdlr" &&
            hdlr.body + 12 <= hdlr.end &&
            buf.toString("latin1", hdlr.body + 8, hdlr.body + 12) === "soun"
          )
            return true;
        }
      }
    }
    return false;
  }
  return null;
}

/** Reads an MP4 file for a movie-box fact: its first MiB usually holds the movie box; otherwise the whole file is read. */
async function fromMovieBox<T>(filePath: string, read: (buf: Buffer) => T | null): Promise<T | null> {
  const file = await open(filePath, "r");
  try {
    const head = Buffer.alloc(1024 * 1024);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    const fromHead = read(head.subarray(0, bytesRead));
    if (fromHead !== null || bytesRead < head.length) return fromHead;
    return read(await file.readFile());
  } finally {
    await file.close();
  }
}

/** Duration of an MP4 file, or null when it has no readable movie header. */
export function mp4FileDurationMs(filePath: string): Promise<number | null> {
  return fromMovieBox(filePath, mp4DurationMs);
}

/** Whether an MP4 file has a sound track, or null when it has no readable movie box. */
export function mp4FileHasAudio(filePath: string): Promise<boolean | null> {
  return fromMovieBox(filePath, mp4HasAudio);
}
