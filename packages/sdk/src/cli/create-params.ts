// The create body's flags, the same for `generate` and `quote` (a quote is asked for exactly the
// body the create will send).
import type { CreateGenerationParams } from "../types.js";
import { UsageError } from "./exit-codes.js";
import { oneOf } from "./follow.js";

export const CREATE_OPTIONS = {
  model: { type: "string" },
  duration: { type: "string" },
  size: { type: "string" },
  "aspect-ratio": { type: "string" },
  "first-frame": { type: "string" },
  "last-frame": { type: "string" },
  url: { type: "string", multiple: true },
  seed: { type: "string" },
  "negative-prompt": { type: "string" },
  audio: { type: "boolean" },
  "no-audio": { type: "boolean" },
  "extend-from": { type: "string" },
  n: { type: "string" },
} as const;

export const CREATE_USAGE = `"prompt" --model ID [--duration SECONDS] [--size 720p|1080p|4k]
             [--aspect-ratio 16:9|9:16] [--first-frame URL [--last-frame URL] | --url URL ...]
             [--seed N] [--negative-prompt TEXT] [--audio | --no-audio] [--n 1-4] [--extend-from ID]`;

type CreateValues = {
  [K in keyof typeof CREATE_OPTIONS]?: K extends "url" ? string[] : K extends "audio" | "no-audio" ? boolean : string;
};

/** The create body the flags describe; `command` names the command in usage errors. */
export function createParams(command: string, values: CreateValues, positionals: string[]): CreateGenerationParams {
  const prompt = positionals.join(" ").trim();
  if (!prompt) throw new UsageError(`vgen ${command} needs a prompt: vgen ${command} "a paper boat at dusk" --model ID`);
  if (!values.model) throw new UsageError(`vgen ${command} needs --model (see: vgen models)`);
  if (values.duration !== undefined && !/^\d+$/.test(values.duration)) throw new UsageError("--duration is whole seconds");
  const params: CreateGenerationParams = { model: values.model, prompt };
  if (values.duration !== undefined) params.duration = Number(values.duration);
  const size = oneOf("size", values.size, ["720p", "1080p", "4k"] as const);
  if (size) params.size = size;
  const aspectRatio = oneOf("aspect-ratio", values["aspect-ratio"], ["16:9", "9:16"] as const);
  if (aspectRatio) params.aspectRatio = aspectRatio;
  if (values["first-frame"]) params.firstFrameUrl = values["first-frame"];
  if (values["last-frame"]) params.lastFrameUrl = values["last-frame"];
  if (values.url?.length) params.urls = values.url;
  if (values.seed !== undefined) {
    if (!/^\d+$/.test(values.seed)) throw new UsageError("--seed is a whole number from 0 to 4294967295");
    params.seed = Number(values.seed);
  }
  if (values["negative-prompt"] !== undefined) params.negativePrompt = values["negative-prompt"];
  if (values.audio && values["no-audio"]) throw new UsageError("--audio and --no-audio contradict each other");
  // Neither flag: the model's default (GET /api/v1/models, audio.default).
  if (values.audio) params.generateAudio = true;
  if (values["no-audio"]) params.generateAudio = false;
  if (values.n !== undefined) {
    if (!/^[1-4]$/.test(values.n)) throw new UsageError("--n is how many clips, 1 to 4 (at most the model's max_outputs)");
    params.n = Number(values.n);
  }
  // Continues that completed clip (its size, shape and seed); join the chain with `vgen concat`.
  if (values["extend-from"]) params.extendFrom = values["extend-from"];
  return params;
}
