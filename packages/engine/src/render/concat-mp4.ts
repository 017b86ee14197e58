/**
 * Joins MP4 clips end to end without re-encoding (docs/api.md#concatenating-a-chain): each clip's
 * encoded samples are demuxed and muxed again with their timestamps shifted by the clips before.
 * Only clips with the same video codec parameters can be joined so; an extension chain has them
 * (one model, size and aspect ratio, rendered or delivered alike).
 */
import { Buffer } from "node:buffer";
import {
  type DemuxerAudioDecoderConfig,
  type DemuxerVideoDecoderConfig,
  EncodedAudioChunk,
  EncodedVideoChunk,
  Mp4Demuxer,
  Mp4Muxer,
} from "@napi-rs/webcodecs";
import { fastStart } from "./faststart.mjs";

/** The clips cannot be joined without re-encoding (another codec, size or sound format): the caller's case, not a fault. */
export class ClipsDifferError extends Error {
  override name = "ClipsDifferError";
}

interface DemuxedClip {
  video: DemuxerVideoDecoderConfig;
  audio: DemuxerAudioDecoderConfig | null;
  videoChunks: EncodedVideoChunk[];
  audioChunks: EncodedAudioChunk[];
  /** Where the next clip starts: the end of this one's last video frame, in microseconds. */
  endUs: number;
}

async function demux(mp4: Uint8Array): Promise<DemuxedClip> {
  const videoChunks: EncodedVideoChunk[] = [];
  const audioChunks: EncodedAudioChunk[] = [];
  let failure: Error | null = null;
  const demuxer = new Mp4Demuxer({
    error: (err) => {
      failure ??= err;
    },
  });
  try {
    await demuxer.loadBuffer(mp4);
    const video = demuxer.videoDecoderConfig;
    if (!video) throw new Error("a clip has no video track");
    const audio = demuxer.audioDecoderConfig;
    // The iterator, not the output callbacks: those can still be pending when demuxAsync resolves
    // with the state "ended", and a join then lost a clip's last frames under load.
    for await (const chunk of demuxer) {
      if (chunk.videoChunk) videoChunks.push(chunk.videoChunk);
      else if (chunk.audioChunk) audioChunks.push(chunk.audioChunk);
    }
    if (failure) throw failure;
    if (!videoChunks.length) throw new Error("a clip has no video samples");
    const endUs = Math.max(...videoChunks.map((c) => c.timestamp + (c.duration ?? 0)));
    return { video, audio, videoChunks, audioChunks, endUs };
  } finally {
    demuxer.close();
  }
}

function sameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (!a || !b) return a === b;
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

function chunkBytes(chunk: { byteLength: number; copyTo(dest: Uint8Array): void }): Uint8Array {
  const data = new Uint8Array(chunk.byteLength);
  chunk.copyTo(data);
  return data;
}

/**
 * One MP4 of the clips in order. Sound is kept when every clip has it (a silent clip in the chain
 * makes the whole join silent rather than shifting the sound against the picture).
 */
export async function concatMp4(clips: Uint8Array[]): Promise<{ mp4: Buffer; durationUs: number; hasAudio: boolean }> {
  if (!clips.length) throw new Error("nothing to join");
  const demuxed: DemuxedClip[] = [];
  for (const clip of clips) demuxed.push(await demux(clip));
  const first = demuxed[0]!;
  for (const d of demuxed) {
    const v = d.video;
    if (v.codec !== first.video.codec || v.codedWidth !== first.video.codedWidth || v.codedHeight !== first.video.codedHeight)
      throw new ClipsDifferError(`clips differ in video format (${v.codec} ${v.codedWidth}x${v.codedHeight})`);
    if (!sameBytes(v.description, first.video.description)) throw new ClipsDifferError("clips differ in video codec parameters");
  }
  const audio = demuxed.every((d) => d.audio && d.audioChunks.length) ? first.audio : null;
  if (audio && demuxed.some((d) => d.audio!.codec !== audio.codec || !sameBytes(d.audio!.description, audio.description)))
    throw new ClipsDifferError("clips differ in sound format");
  // With two tracks the muxer's fastStart corrupts the second one's offsets (render/worker.mjs).
  const muxer = new Mp4Muxer({ fastStart: !audio });
  try {
    const { codec, codedWidth: width, codedHeight: height, description } = first.video;
    // The muxer times samples by the frame rate: the clips' own, from their first frame's length.
    const frameUs = first.videoChunks[0]!.duration || 1e6 / 24;
    muxer.addVideoTrack({ codec, width, height, description, framerate: Math.round(1e6 / frameUs) });
    if (audio)
      muxer.addAudioTrack({
        codec: audio.codec,
        sampleRate: audio.sampleRate,
        numberOfChannels: audio.numberOfChannels,
        description: audio.description,
      });
    let offsetUs = 0;
    let firstVideo = true;
    let firstAudio = true;
    for (const d of demuxed) {
      for (const c of d.videoChunks) {
        const chunk = new EncodedVideoChunk({
          type: c.type,
          timestamp: c.timestamp + offsetUs,
          duration: c.duration ?? undefined,
          data: chunkBytes(c),
        });
        muxer.addVideoChunk(
          chunk,
          firstVideo ? { decoderConfig: { codec, codedWidth: width, codedHeight: height, description } } : undefined,
        );
        firstVideo = false;
      }
      if (audio) {
        for (const c of d.audioChunks) {
          const chunk = new EncodedAudioChunk({
            type: c.type,
            timestamp: c.timestamp + offsetUs,
            duration: c.duration ?? undefined,
            data: chunkBytes(c),
          });
          muxer.addAudioChunk(
            chunk,
            firstAudio
              ? {
                  decoderConfig: {
                    codec: audio.codec,
                    sampleRate: audio.sampleRate,
                    numberOfChannels: audio.numberOfChannels,
                    description: audio.description,
                  },
                }
              : undefined,
          );
          firstAudio = false;
        }
      }
      offsetUs += d.endUs;
    }
    await muxer.flush();
    const muxed = muxer.finalize();
    const bytes = Buffer.from(muxed.buffer, muxed.byteOffset, muxed.byteLength);
    return { mp4: audio ? fastStart(bytes) : Buffer.from(bytes), durationUs: offsetUs, hasAudio: audio !== null };
  } finally {
    muxer.close();
  }
}
