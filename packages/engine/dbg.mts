import { renderVideo } from "./src/render/render-video";
await renderVideo({ prompt: "rain", width: 320, height: 180, durationSeconds: 2, seed: 7, audio: true, outPath: "/tmp/dbg-audio.mp4" });
