/** Public surface of the engine's render domain. The procedural renderer, run in a child process. */
export { renderVideo } from "./render-video";
export { ClipsDifferError, concatMp4 } from "./concat-mp4";
