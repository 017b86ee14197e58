// Moves an MP4's movie box in front of its media data (what qt-faststart does), so a player can
// start before the whole file arrives. Needed for clips with sound: the muxer's own fastStart
// option shifts only one track's chunk offsets, which leaves the other track's data unreadable.

function* boxes(buf, start, end) {
  let at = start;
  while (at + 8 <= end) {
    let size = buf.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) throw new Error("faststart: malformed box");
    yield { type: buf.toString("latin1", at + 4, at + 8), start: at, body: at + header, end: at + size };
    at += size;
  }
}

const CONTAINERS = new Set(["moov", "trak", "mdia", "minf", "stbl"]);

/** Adds `shift` to every chunk offset (stco, co64) under `box`, in place. */
function shiftOffsets(buf, box, shift) {
  for (const child of boxes(buf, box.body, box.end)) {
    if (CONTAINERS.has(child.type)) shiftOffsets(buf, child, shift);
    else if (child.type === "stco" || child.type === "co64") {
      const count = buf.readUInt32BE(child.body + 4);
      const wide = child.type === "co64";
      for (let k = 0; k < count; k++) {
        const at = child.body + 8 + k * (wide ? 8 : 4);
        if (wide) buf.writeBigUInt64BE(buf.readBigUInt64BE(at) + BigInt(shift), at);
        else {
          const moved = buf.readUInt32BE(at) + shift;
          if (moved > 0xffffffff) throw new Error("faststart: chunk offset past 4 GiB");
          buf.writeUInt32BE(moved, at);
        }
      }
    }
  }
}

/** The same MP4 with `moov` before the first `mdat` (unchanged when it already is). */
export function fastStart(file) {
  const top = [...boxes(file, 0, file.length)];
  const moov = top.find((b) => b.type === "moov");
  const mdatIndex = top.findIndex((b) => b.type === "mdat");
  if (!moov || mdatIndex < 0 || top.indexOf(moov) < mdatIndex) return file;
  const movie = Buffer.from(file.subarray(moov.start, moov.end));
  shiftOffsets(movie, { body: 0, end: movie.length }, movie.length);
  const parts = [];
  for (const [k, box] of top.entries()) {
    if (k === mdatIndex) parts.push(movie);
    if (box !== moov) parts.push(file.subarray(box.start, box.end));
  }
  return Buffer.concat(parts);
}
