/**
 * Extending a clip (docs/api.md#extending-a-clip): `extendFrom` names a completed generation of the
 * same account (and the key's project) whose scene the new clip continues.
 */
import { ApiError, type CreateGenerationInput, type Id } from "@vgen/contracts";
import type { Db, Generation } from "@vgen/db";
import { outputsOf } from "../storage";
import { outputExpired } from "./retention";
import { getGenerationForAccount } from "./store";

/**
 * The longest a chain may run, its clips' seconds together: a join (concat.ts) reads every clip of
 * the chain into the web process, so a chain must stay a size it can hold. Veo extends to 148 s.
 */
export const MAX_CHAIN_SECONDS = 300;

/**
 * The source of an extension, checked, and the body with what it inherits from it: its size,
 * aspect ratio and (when absent) seed. Another tenant's or project's id is `generation_not_found`,
 * as on the result and cancel paths.
 */
export async function resolveExtension(
  db: Db,
  input: {
    accountId: string;
    body: CreateGenerationInput;
    modelId: string;
    /** The model's duration when the body names none: the extension's own seconds. */
    defaultDuration: number;
    livemode: boolean;
    projectId?: string;
  },
): Promise<CreateGenerationInput> {
  const { body } = input;
  if (body.extendFrom === undefined) return body;
  const source = await getGenerationForAccount(
    db,
    input.accountId as Id<"acct">,
    body.extendFrom,
    input.livemode,
    input.projectId,
  ).catch((err: unknown) => {
    // The field at fault is `extendFrom`, not the `id` of the result path.
    if (err instanceof ApiError && err.code === "generation_not_found")
      throw new ApiError("generation_not_found", `No generation '${body.extendFrom}' for this account.`, "extendFrom");
    throw err;
  });
  if (source.status !== "completed" || outputsOf(source).length === 0)
    throw new ApiError(
      "clip_not_completed",
      `Generation '${source.id}' is ${source.status}; only a completed generation can be extended.`,
      "extendFrom",
    );
  if (outputExpired(source, new Date()))
    throw new ApiError(
      "clip_expired",
      `The output of generation '${source.id}' has expired; there is no clip left to extend.`,
      "extendFrom",
    );
  const mismatch =
    input.modelId !== source.modelId
      ? { param: "model", ours: input.modelId, theirs: source.modelId }
      : body.size !== undefined && body.size !== source.size
        ? { param: "size", ours: body.size, theirs: source.size }
        : body.aspectRatio !== undefined && body.aspectRatio !== source.aspectRatio
          ? { param: "aspectRatio", ours: body.aspectRatio, theirs: source.aspectRatio }
          : null;
  if (mismatch)
    throw new ApiError(
      "extend_mismatch",
      `An extension keeps its source's ${mismatch.param} ('${mismatch.theirs}'), not '${mismatch.ours}'.`,
      mismatch.param,
    );
  const chainSeconds = (await chainOf(db, source)).reduce((sum, g) => sum + g.duration, 0);
  const seconds = body.duration ?? input.defaultDuration;
  if (chainSeconds + seconds > MAX_CHAIN_SECONDS)
    throw new ApiError(
      "extend_chain_too_long",
      `The chain ending at '${source.id}' runs ${chainSeconds} s; ${seconds} s more would pass the ${MAX_CHAIN_SECONDS} s a chain may run.`,
      "extendFrom",
    );
  return {
    ...body,
    size: source.size as CreateGenerationInput["size"],
    aspectRatio: source.aspectRatio as CreateGenerationInput["aspectRatio"],
    seed: body.seed ?? Number(source.seed),
  };
}

/** How far the chain ending at `gen`'s source has run: the frames already shown and the clips before it. */
interface ChainPosition {
  /** The chain's first clip, whose prompt and seed drew the scene every extension continues. */
  root: Pick<Generation, "prompt" | "seed">;
  /** Seconds of the chain before this clip. */
  secondsBefore: number;
  /** Clips of the chain before this one. */
  clipsBefore: number;
}

/** The longest chain followed; an extension's source always exists, so this only bounds the walk. */
const MAX_CHAIN = 1000;

/** The chain ending at `last` (followed back through `extended_from`, same account), first clip first. */
export async function chainOf(db: Db, last: Pick<Generation, "id" | "accountId">): Promise<Generation[]> {
  const ids = await db.$queryRaw<{ id: string }[]>`
    WITH RECURSIVE chain AS (
      SELECT id, extended_from, 0 AS depth FROM generations WHERE id = ${last.id} AND account_id = ${last.accountId}
      UNION ALL
      SELECT g.id, g.extended_from, chain.depth + 1 FROM generations g
        JOIN chain ON g.id = chain.extended_from AND g.account_id = ${last.accountId}
       WHERE chain.depth < ${MAX_CHAIN}
    )
    SELECT id FROM chain ORDER BY depth DESC`;
  const rows = await db.generation.findMany({ where: { id: { in: ids.map((r) => r.id) }, accountId: last.accountId } });
  const byId = new Map(rows.map((g) => [g.id, g]));
  return ids.flatMap((r) => byId.get(r.id) ?? []);
}

/** Where an extension's render starts: after its source's chain. Null for a clip of its own. */
export async function chainPosition(db: Db, gen: Pick<Generation, "accountId" | "extendedFrom">): Promise<ChainPosition | null> {
  if (!gen.extendedFrom) return null;
  const chain = await chainOf(db, { id: gen.extendedFrom, accountId: gen.accountId });
  const root = chain[0];
  if (!root) return null;
  return {
    root: { prompt: root.prompt, seed: root.seed },
    secondsBefore: chain.reduce((sum, g) => sum + g.duration, 0),
    clipsBefore: chain.length,
  };
}
