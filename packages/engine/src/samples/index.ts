/** Public surface of the engine's samples domain. The landing page's sample clip of each model, rendered locally in the background once per catalog change. */
export { sampleClips, type SampleClip } from "./clips";
export { renderSample } from "./render-sample";
export { queueMissingSamples } from "./schedule";
export { startSampleWorker } from "./worker";
