import type { CreateGenerationParams } from "../../types.js";
import { type Command, defineCommand } from "../command.js";
import { UsageError } from "../exit-codes.js";
import { FOLLOW_OPTIONS, followAndSave, oneOf } from "../follow.js";

/** Creates a generation, follows it (stream, or polling with --poll) and downloads the clip. */
export const generate: Command = defineCommand({
  name: "generate",
  usage: `generate "prompt" --model ID [--duration SECONDS] [--size 720p|1080p|4k]
             [--aspect-ratio 16:9|9:16] [--first-frame URL [--last-frame URL] | --url URL ...]
             [--seed N] [--negative-prompt TEXT] [--audio | --no-audio]
             [--cancel-after 90s] [--out FILE] [--poll] [--progress bar|lines|none] [--json]`,
  options: {
    model: { type: "string" },
    duration: { type: "string" },
    size: { type: "string" },
    "aspect-ratio": { type: "string" },
    "first-frame": { type: "string" },
    "last-frame": { type: "string" },
    url: { type: "string", multiple: true },
    "cancel-after": { type: "string" },
    seed: { type: "string" },
    "negative-prompt": { type: "string" },
    audio: { type: "boolean" },
    "no-audio": { type: "boolean" },
    ...FOLLOW_OPTIONS,
  },
  run(input) {
    const { values, positionals } = input;
    const prompt = positionals.join(" ").trim();
    if (!prompt) throw new UsageError('vgen generate needs a prompt: vgen generate "a paper boat at dusk" --model ID');
    if (!values.model) throw new UsageError("vgen generate needs --model (see: vgen models)");
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
    const cancelAfter = values["cancel-after"];
    return followAndSave(input, (options) => input.client().generations.createAndWait(params, { ...options, cancelAfter }));
  },
});
