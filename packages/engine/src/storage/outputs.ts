/**
 * The outputs of a generation (docs/architecture.md#outputs): one place for what an output is. Every
 * output, the first included, is an entry of `generations.outputs`, written as it is stored and read
 * by the record, the CDN, the retention sweep, billing and account deletion alike.
 */
import type { DbOrTx, Generation } from "@vgen/db";

/** One stored output, as `generations.outputs` holds it. */
export interface StoredOutput {
  /** 0..n-1: the local renderer's output i uses the generation's seed + i. */
  index: number;
  key: string;
  /** The poster frame stored beside it; null when none could be made. */
  poster_key: string | null;
  /** Playing time of the delivered file, which is what is billed. */
  delivered_ms: number;
  has_audio: boolean;
}

/** The generation's stored outputs, in index order. */
export function outputsOf(gen: Pick<Generation, "outputs">): StoredOutput[] {
  const list = Array.isArray(gen.outputs) ? (gen.outputs as unknown as StoredOutput[]) : [];
  return [...list].sort((a, b) => a.index - b.index);
}

/** Every stored file (videos and posters) of the given outputs. */
export function storedKeysOf(outputs: StoredOutput[]): string[] {
  return outputs.flatMap((o) => (o.poster_key ? [o.key, o.poster_key] : [o.key]));
}

/**
 * Records an output once its file is stored: an entry of that index already recorded (an earlier
 * attempt's) is replaced, so an attempt run again never lists an output twice. Only while processing.
 */
export async function recordStoredOutput(db: DbOrTx, generationId: string, output: StoredOutput): Promise<void> {
  await db.$executeRaw`
    UPDATE generations
       SET outputs = COALESCE((SELECT jsonb_agg(o) FROM jsonb_array_elements(outputs) o
                                WHERE (o->>'index')::int <> ${output.index}), '[]'::jsonb)
                     || jsonb_build_array(${JSON.stringify(output)}::jsonb)
     WHERE id = ${generationId} AND status = 'processing'`;
}
