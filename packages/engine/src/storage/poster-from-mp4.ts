import { type EncodedVideoChunk, Mp4Demuxer, VideoDecoder, type VideoFrame } from "@napi-rs/webcodecs";
import { posterTimeUs } from "./poster-time";

/** Packets read past the poster time: the decoder reorders B-frames, so the frame at that time may need them. */
const PAST_TARGET = 16;
/** Never decodes more than this many packets (a file whose poster time lies past them uses the last frame). */
const MAX_PACKETS = 600;
const JPEG_QUALITY = 82;

/**
 * A poster frame (JPEG, at the video's own size) of an MP4 that came from an upstream: demuxed and
 * decoded with WebCodecs (FFmpeg inside the prebuilt `@napi-rs/webcodecs`), encoded with sharp.
 * Throws when the file cannot be read; callers deliver the video without a poster then.
 */
export function posterFromMp4(mp4: Uint8Array): Promise<Buffer> {
  return frameFromMp4(mp4, posterTimeUs, MAX_PACKETS);
}

/** The last frame (JPEG) of an MP4: where an extension of the clip starts on a provider without native extension. */
export function lastFrameFromMp4(mp4: Uint8Array): Promise<Buffer> {
  return frameFromMp4(mp4, () => Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY);
}

async function frameFromMp4(mp4: Uint8Array, targetOf: (durationUs: number) => number, maxPackets: number): Promise<Buffer> {
  const packets: EncodedVideoChunk[] = [];
  let demuxError: Error | null = null;
  const demuxer = new Mp4Demuxer({
    error: (err) => {
      demuxError ??= err;
    },
  });
  try {
    await demuxer.loadBuffer(mp4);
    const config = demuxer.videoDecoderConfig;
    if (!config) throw new Error("no video track");
    const target = targetOf(demuxer.duration ?? 0);
    let pastTarget = 0;
    // The iterator, not an output callback: callbacks can still be pending when demuxAsync resolves
    // with the state "ended", which lost the last frame (an extension's first frame) under load.
    for await (const chunk of demuxer) {
      if (!chunk.videoChunk) continue;
      packets.push(chunk.videoChunk);
      if (chunk.videoChunk.timestamp >= target) pastTarget++;
      if (packets.length >= maxPackets || pastTarget >= PAST_TARGET) break;
    }
    if (demuxError) throw demuxError;
    if (!packets.length) throw new Error("no video packets");
    const frame = await decodeFrameAt(config, packets, target);
    try {
      return await toJpeg(frame);
    } finally {
      frame.close();
    }
  } finally {
    demuxer.close();
  }
}

/** Decodes packets in order and keeps the first frame at or after `target` (else the last one). */
async function decodeFrameAt(
  config: NonNullable<Mp4Demuxer["videoDecoderConfig"]>,
  packets: EncodedVideoChunk[],
  target: number,
): Promise<VideoFrame> {
  let chosen: VideoFrame | null = null;
  let reached = false;
  let decodeError: Error | null = null;
  const decoder = new VideoDecoder({
    // Frames come out in presentation order; only the one kept stays open.
    output: (frame) => {
      if (reached) return frame.close();
      chosen?.close();
      chosen = frame;
      reached = frame.timestamp >= target;
    },
    error: (err) => {
      decodeError ??= err;
    },
  });
  try {
    decoder.configure(config);
    for (const packet of packets) decoder.decode(packet);
    await decoder.flush();
  } catch (err) {
    (chosen as VideoFrame | null)?.close();
    throw decodeError ?? err;
  } finally {
    decoder.close();
  }
  if (decodeError || !chosen) {
    (chosen as VideoFrame | null)?.close();
    throw decodeError ?? new Error("no frame decoded");
  }
  return chosen;
}

async function toJpeg(frame: VideoFrame): Promise<Buffer> {
  const width = frame.displayWidth;
  const height = frame.displayHeight;
  const rgba = new Uint8Array(frame.allocationSize({ format: "RGBA" }));
  await frame.copyTo(rgba, { format: "RGBA" });
  if (rgba.length !== width * height * 4) throw new Error(`unexpected frame layout ${rgba.length} bytes for ${width}x${height}`);
  const { default: sharp } = await import("sharp");
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
}
