/** Public surface of the engine's storage domain. Where output files live (local directory or S3) and how they are read back. */
export {
  openOutput,
  storageBackend,
  publicUrlFor,
  outputKeyFor,
  posterKeyFor,
  generationOfKey,
  removeOutputs,
} from "./backend";
export { outputCacheControl, type StorageBackend } from "./types";
export { posterTimeUs } from "./poster-time";
export { mp4FileDurationMs, mp4DurationMs, mp4FileHasAudio, mp4HasAudio } from "./mp4-duration";
export { lastFrameFromMp4, posterFromMp4 } from "./poster-from-mp4";
export { storePoster } from "./store-poster";
export { outputsOf, recordStoredOutput, storedKeysOf, type StoredOutput } from "./outputs";
