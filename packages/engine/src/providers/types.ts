import type { GenerationFailureCode } from "@vgen/contracts";
import type { Generation } from "@vgen/db";

/** Reference images already downloaded and checked by the worker. */
interface ProviderImages {
  firstFrame?: Buffer;
  lastFrame?: Buffer;
  references: Buffer[];
}

interface GenerateOptions {
  /** Aborted when the generation is canceled; providers stop (and cancel upstream work) and reject. */
  signal: AbortSignal;
  /** Progress 0–100; called often enough that the worker can notice a cancellation. */
  onProgress: (pct: number) => void;
  /** Where the finished MP4 must be written. */
  outPath: string;
  /** Where a poster frame (JPEG) may be written; a provider that cannot make one leaves no file there. */
  posterPath?: string;
  /** An extension: the chain whose scene it continues (its first clip's prompt and seed, and how far it ran). */
  continues?: { prompt: string; seed: number; startFrame: number; clipsBefore: number };
  /** Which of the generation's `n` outputs this is (0 when absent). */
  index?: number;
}

/** Something that turns a generation request into an MP4 at `outPath`. */
export interface Provider {
  readonly name: string;
  generate(gen: Generation, images: ProviderImages, opts: GenerateOptions): Promise<void>;
}

/**
 * A generation failure with the code the record shows. `message` reaches the client: it must not
 * carry upstream task ids or internal addresses; `detail` is for logs only.
 */
export class GenerationFailure extends Error {
  constructor(
    readonly code: GenerationFailureCode,
    message: string,
    readonly detail?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "GenerationFailure";
  }
}

/** Thrown by providers when their signal aborts. */
export class ProviderAbortedError extends Error {
  constructor(message = "generation aborted") {
    super(message);
    this.name = "AbortError";
  }
}
