// Minimal, dependency-free MP4 inspector for tests: reads the box tree itself.
import { readFile } from "node:fs/promises";

export type Mp4Info = {
  /** e.g. 'avc1.64001f' (sample entry type + profile/compat/level from avcC) */
  codec: string;
  /** sample entry fourcc, e.g. 'avc1' */
  sampleEntry: string;
  width: number;
  height: number;
  /** track duration (media timescale) in seconds */
  durationSeconds: number;
  /** movie header duration in seconds */
  movieDurationSeconds: number;
  fps: number;
  frameCount: number;
  /** every sample's duration is identical (constant frame rate) */
  constantFrameRate: boolean;
  timescale: number;
  /** top-level box types in file order, e.g. ['ftyp','moov','mdat'] */
  boxOrder: string[];
  /** true when moov precedes mdat ("fast start") */
  fastStart: boolean;
  profileIdc: number;
  levelIdc: number;
  /** 0 mono, 1 4:2:0, 2 4:2:2, 3 4:4:4 (from SPS; 1 for Baseline/Main) */
  chromaFormatIdc: number;
  /** '4:2:0' etc. */
  chroma: string;
  bitDepthLuma: number;
  /** 'yuv420p' when 8-bit 4:2:0 */
  pixelFormat: string;
  keyframeCount: number;
};

type Box = { type: string; start: number; headerSize: number; size: number; end: number };

function readBoxes(buf: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  let pos = start;
  while (pos + 8 <= end) {
    let size = buf.readUInt32BE(pos);
    const type = buf.toString("latin1", pos + 4, pos + 8);
    let headerSize = 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(pos + 8));
      headerSize = 16;
    } else if (size === 0) {
      size = end - pos;
    }
    if (size < headerSize || pos + size > end) throw new Error(`bad box ${type} at ${pos} size ${size}`);
    boxes.push({ type, start: pos, headerSize, size, end: pos + size });
    pos += size;
  }
  return boxes;
}

function child(buf: Buffer, parent: Box, type: string, offset = 0): Box | undefined {
  return readBoxes(buf, parent.start + parent.headerSize + offset, parent.end).find((b) => b.type === type);
}

function path(buf: Buffer, parent: Box, ...types: string[]): Box | undefined {
  let cur: Box | undefined = parent;
  for (const t of types) {
    if (!cur) return undefined;
    cur = child(buf, cur, t);
  }
  return cur;
}

/** Remove H.264 emulation-prevention bytes (00 00 03 -> 00 00). */
function unescapeRbsp(nal: Buffer): Buffer {
  const out: number[] = [];
  for (let i = 0; i < nal.length; i++) {
    if (i >= 2 && nal[i] === 3 && nal[i - 1] === 0 && nal[i - 2] === 0) continue;
    out.push(nal[i]!);
  }
  return Buffer.from(out);
}

class Bits {
  private bit = 0;
  constructor(private b: Buffer) {}
  u(n: number): number {
    let v = 0;
    for (let k = 0; k < n; k++) {
      const byte = this.b[this.bit >> 3] ?? 0;
      v = (v << 1) | ((byte >> (7 - (this.bit & 7))) & 1);
      this.bit++;
    }
    return v >>> 0;
  }
  ue(): number {
    let zeros = 0;
    while (this.u(1) === 0 && zeros < 32) zeros++;
    return (1 << zeros) - 1 + (zeros ? this.u(zeros) : 0);
  }
}

function parseSps(sps: Buffer): { profileIdc: number; levelIdc: number; chromaFormatIdc: number; bitDepthLuma: number } {
  const rbsp = unescapeRbsp(sps.subarray(1)); // skip NAL header
  const r = new Bits(rbsp);
  const profileIdc = r.u(8);
  r.u(8); // constraint flags
  const levelIdc = r.u(8);
  r.ue(); // seq_parameter_set_id
  let chromaFormatIdc = 1;
  let bitDepthLuma = 8;
  if ([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135].includes(profileIdc)) {
    chromaFormatIdc = r.ue();
    if (chromaFormatIdc === 3) r.u(1);
    bitDepthLuma = r.ue() + 8;
  }
  return { profileIdc, levelIdc, chromaFormatIdc, bitDepthLuma };
}

function inspectMp4Buffer(buf: Buffer): Mp4Info {
  const top = readBoxes(buf, 0, buf.length);
  const boxOrder = top.map((b) => b.type);
  const moov = top.find((b) => b.type === "moov");
  if (!moov) throw new Error("no moov box");
  const mvhd = child(buf, moov, "mvhd")!;
  const mvVersion = buf[mvhd.start + mvhd.headerSize]!;
  const mvBase = mvhd.start + mvhd.headerSize + 4;
  const movieTimescale = mvVersion === 1 ? buf.readUInt32BE(mvBase + 16) : buf.readUInt32BE(mvBase + 8);
  const movieDuration = mvVersion === 1 ? Number(buf.readBigUInt64BE(mvBase + 20)) : buf.readUInt32BE(mvBase + 12);

  const traks = readBoxes(buf, moov.start + moov.headerSize, moov.end).filter((b) => b.type === "trak");
  let video: Box | undefined;
  for (const t of traks) {
    const hdlr = path(buf, t, "mdia", "hdlr");
    if (hdlr && buf.toString("latin1", hdlr.start + hdlr.headerSize + 8, hdlr.start + hdlr.headerSize + 12) === "vide") {
      video = t;
      break;
    }
  }
  if (!video) throw new Error("no video track");
  const mdhd = path(buf, video, "mdia", "mdhd")!;
  const mdVersion = buf[mdhd.start + mdhd.headerSize]!;
  const mdBase = mdhd.start + mdhd.headerSize + 4;
  const timescale = mdVersion === 1 ? buf.readUInt32BE(mdBase + 16) : buf.readUInt32BE(mdBase + 8);
  const mediaDuration = mdVersion === 1 ? Number(buf.readBigUInt64BE(mdBase + 20)) : buf.readUInt32BE(mdBase + 12);

  const stbl = path(buf, video, "mdia", "minf", "stbl")!;
  // stsd: full box (4) + entry_count (4), then sample entries.
  const stsd = child(buf, stbl, "stsd")!;
  const entry = readBoxes(buf, stsd.start + stsd.headerSize + 8, stsd.end)[0]!;
  const e = entry.start + entry.headerSize; // VisualSampleEntry body
  const width = buf.readUInt16BE(e + 24);
  const height = buf.readUInt16BE(e + 26);
  // VisualSampleEntry body is 78 bytes before child boxes.
  const avcC = readBoxes(buf, e + 78, entry.end).find((b) => b.type === "avcC");
  let codec = entry.type;
  let sps = { profileIdc: 0, levelIdc: 0, chromaFormatIdc: -1, bitDepthLuma: 0 };
  if (avcC) {
    const a = avcC.start + avcC.headerSize;
    const hex = (n: number) => n.toString(16).padStart(2, "0");
    codec = `${entry.type}.${hex(buf[a + 1]!)}${hex(buf[a + 2]!)}${hex(buf[a + 3]!)}`;
    const numSps = buf[a + 5]! & 0x1f;
    if (numSps > 0) {
      const len = buf.readUInt16BE(a + 6);
      sps = parseSps(buf.subarray(a + 8, a + 8 + len));
    }
  }

  // stts: sample counts and deltas.
  const stts = child(buf, stbl, "stts")!;
  const sb = stts.start + stts.headerSize + 4;
  const n = buf.readUInt32BE(sb);
  let frameCount = 0;
  let total = 0;
  const deltas = new Set<number>();
  for (let k = 0; k < n; k++) {
    const count = buf.readUInt32BE(sb + 4 + k * 8);
    const delta = buf.readUInt32BE(sb + 8 + k * 8);
    frameCount += count;
    total += count * delta;
    deltas.add(delta);
  }
  const stss = child(buf, stbl, "stss");
  const keyframeCount = stss ? buf.readUInt32BE(stss.start + stss.headerSize + 4) : frameCount;

  const durationSeconds = (mediaDuration || total) / timescale;
  const chroma = ({ 0: "4:0:0", 1: "4:2:0", 2: "4:2:2", 3: "4:4:4" } as Record<number, string>)[sps.chromaFormatIdc] ?? "unknown";
  const moovIdx = boxOrder.indexOf("moov");
  const mdatIdx = boxOrder.indexOf("mdat");
  return {
    codec,
    sampleEntry: entry.type,
    width,
    height,
    durationSeconds,
    movieDurationSeconds: movieDuration / movieTimescale,
    fps: total > 0 ? (frameCount * timescale) / total : 0,
    frameCount,
    constantFrameRate: deltas.size === 1,
    timescale,
    boxOrder,
    fastStart: moovIdx >= 0 && mdatIdx >= 0 && moovIdx < mdatIdx,
    profileIdc: sps.profileIdc,
    levelIdc: sps.levelIdc,
    chromaFormatIdc: sps.chromaFormatIdc,
    chroma,
    bitDepthLuma: sps.bitDepthLuma,
    pixelFormat: sps.chromaFormatIdc === 1 && sps.bitDepthLuma === 8 ? "yuv420p" : `${chroma} ${sps.bitDepthLuma}-bit`,
    keyframeCount,
  };
}

export async function inspectMp4(filePath: string): Promise<Mp4Info> {
  return inspectMp4Buffer(await readFile(filePath));
}
