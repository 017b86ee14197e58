// The local renderer's sound track: a chord and a soft noise bed chosen from (prompt, seed), the
// length of the clip, encoded as AAC-LC into the clip's MP4. Pure arithmetic on the seeded
// generator, so the same prompt and seed give the same samples (and, encoded, the same bytes).
import { AudioData, AudioEncoder } from "@napi-rs/webcodecs";
import { fnv1a, mulberry32 } from "./scene.mjs";

const SAMPLE_RATE = 48_000;
const CODEC = "mp4a.40.2";
/** Samples per AudioData handed to the encoder: small enough to keep memory flat on long clips. */
const BLOCK = 48_000;
const FADE_SECONDS = 0.25;

/** Fills `out` with samples [start, start + out.length) of the track. */
function makeVoice(prompt, seed, totalSamples) {
  const rng = mulberry32(fnv1a(`audio\u0000${seed}\u0000${prompt}`) ^ (seed >>> 0));
  const root = 110 * 2 ** (Math.floor(rng() * 12) / 12);
  const intervals = rng() < 0.5 ? [1, 5 / 4, 3 / 2] : [1, 6 / 5, 3 / 2];
  const partials = intervals.map((ratio) => ({
    freq: root * ratio * (rng() < 0.3 ? 2 : 1),
    gain: 0.08 + rng() * 0.06,
    tremolo: 0.1 + rng() * 0.4,
    phase: rng() * Math.PI * 2,
  }));
  const noiseGain = 0.02 + rng() * 0.04;
  const noise = mulberry32(fnv1a(`noise\u0000${seed}\u0000${prompt}`));
  let low = 0;
  const fade = Math.max(1, Math.min(Math.floor(FADE_SECONDS * SAMPLE_RATE), Math.floor(totalSamples / 2)));
  return (out, start) => {
    for (let k = 0; k < out.length; k++) {
      const n = start + k;
      const t = n / SAMPLE_RATE;
      let v = 0;
      for (const p of partials) {
        const swell = 0.75 + 0.25 * Math.sin(2 * Math.PI * p.tremolo * t + p.phase);
        v += p.gain * swell * Math.sin(2 * Math.PI * p.freq * t + p.phase);
      }
      // One-pole low-pass white noise: a rain-like bed under the chord.
      low += 0.05 * (noise() * 2 - 1 - low);
      v += noiseGain * low * 8;
      const envelope = Math.min(1, n / fade, (totalSamples - n) / fade);
      out[k] = v * envelope;
    }
  };
}

/**
 * Adds an AAC track of `seconds` to `muxer` (which must not have received a chunk yet when
 * `addTrack` is called) and encodes it. Returns the encode step to run after the video's chunks.
 */
export function soundtrack(muxer, { prompt, seed, seconds }) {
  muxer.addAudioTrack({ codec: CODEC, sampleRate: SAMPLE_RATE, numberOfChannels: 1 });
  return async () => {
    let failure = null;
    const encoder = new AudioEncoder({
      output: (chunk, metadata) => {
        try {
          muxer.addAudioChunk(chunk, metadata);
        } catch (err) {
          failure ??= err;
        }
      },
      error: (err) => {
        failure ??= err;
      },
    });
    encoder.configure({ codec: CODEC, sampleRate: SAMPLE_RATE, numberOfChannels: 1, bitrate: 96_000 });
    const total = Math.round(seconds * SAMPLE_RATE);
    const voice = makeVoice(prompt, seed, total);
    for (let start = 0; start < total; start += BLOCK) {
      const pcm = new Float32Array(Math.min(BLOCK, total - start));
      voice(pcm, start);
      const data = new AudioData({
        format: "f32",
        sampleRate: SAMPLE_RATE,
        numberOfFrames: pcm.length,
        numberOfChannels: 1,
        timestamp: Math.round((start * 1e6) / SAMPLE_RATE),
        data: pcm,
      });
      encoder.encode(data);
      data.close();
    }
    await encoder.flush();
    encoder.close();
    if (failure) throw failure;
  };
}
