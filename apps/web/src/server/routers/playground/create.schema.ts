import { z } from "zod";

/**
 * Only the shapes here; the rules (prompt length, URL form, the frame/reference rules,
 * model bounds) are the API's own, applied by parseCreateGeneration and the engine in the handler,
 * so the playground refuses exactly what the API refuses, with the same messages.
 */
export const PlaygroundCreateInput = z.object({
  model: z.string().max(100),
  prompt: z.string().max(10_000),
  duration: z.number().optional(),
  size: z.string().max(20).optional(),
  aspectRatio: z.string().max(20).optional(),
  firstFrameUrl: z.string().max(4096).optional(),
  lastFrameUrl: z.string().max(4096).optional(),
  urls: z.array(z.string().max(4096)).max(10).optional(),
});
