import { parseCreateGeneration, type CreateGenerationInput, type GenerationRecordT } from "@vgen/contracts";
import type { CatalogModel, Db, Generation } from "@vgen/db";
import { assertKeyAllowsModel, assertKeyMayWrite, type KeyRestrictions } from "../accounts";
import { findEnabledModel } from "../catalog";
import { acceptIntoQueue, type AcceptingAccount } from "./store";
import type { HeldIdempotencyClaim, StoredResponse } from "./idempotency";
import { assertRequestUrlsAllowed } from "../net";
import { assertProjectAllowsModel, defaultProject, type ProjectRestrictions } from "../projects";
import { consumeRateLimit, inSpan, rateLimitedError, type RateLimitOutcome } from "../platform";
import { toRecord } from "./public-record";
import { resolveExtension } from "./extend";

export interface AcceptGenerationInput {
  account: AcceptingAccount;
  /** The key the request came with; null from the dashboard's playground. */
  apiKeyId: string | null;
  /** That key's restrictions (docs/api.md#restricted-keys); null or absent: none. */
  keyRestrictions?: KeyRestrictions | null;
  /**
   * The key's project and its limits (docs/api.md#projects). Absent (the playground): the project
   * organization's default project, whose limits apply too.
   */
  project?: { id: string; restrictions: ProjectRestrictions | null };
  /** The request body as received (validated here). */
  body: unknown;
  /** Told the model as soon as it is known (request statistics) and each limit consumed (response headers). */
  onModel?: (model: CatalogModel) => void;
  onLimit?: (outcome: RateLimitOutcome) => void;
  /**
   * The Idempotency-Key claim the request holds: completed in the create's own statement with the
   * response a retry replays, so a committed generation and a completed key go together.
   */
  idempotency?: {
    claim: HeldIdempotencyClaim;
    response(body: CreateGenerationInput, record: GenerationRecordT): StoredResponse;
  } | null;
  /** The request's `Cancel-After` header, in seconds (docs/api.md#deadlines). */
  cancelAfterSeconds?: number | null;
  /** False for a test key's request (docs/api.md#test-mode); the playground creates in the dashboard's mode. Default: live. */
  livemode?: boolean;
}

/**
 * The one create path, for the REST API and the playground alike: the key's restrictions,
 * validation, model, URL policy, the model's per-account limit, then the hold, record, job (and Idempotency-Key) in one statement.
 */
export function acceptGeneration(db: Db, input: AcceptGenerationInput) {
  // The acceptance span: the generation's job is queued inside it, so the worker's spans are its children.
  return inSpan("generation.accept", { attributes: { "vgen.account_id": input.account.id } }, async (span) => {
    const accepted = await accept(db, input);
    span?.setAttributes({ "vgen.generation_id": accepted.generation.id, "vgen.model": accepted.generation.modelId });
    return accepted;
  });
}

async function accept(db: Db, input: AcceptGenerationInput) {
  const restrictions = input.keyRestrictions ?? null;
  const { body, model, project } = await admitRequest(db, input, "model");
  const keyed = input.idempotency;
  const { generation, queuePosition } = await acceptIntoQueue(db, {
    account: input.account,
    apiKeyId: input.apiKeyId,
    keySpendCapped: restrictions?.spendCapMicros != null,
    project: { id: project.id, spendCapped: project.restrictions?.spendCapped === true },
    body,
    model,
    cancelAfterSeconds: input.cancelAfterSeconds,
    livemode: input.livemode,
    idempotency: keyed
      ? { claim: keyed.claim, response: (g, position) => keyed.response(body, newRecord(g, position)) }
      : undefined,
  });
  return { body, generation, record: newRecord(generation, queuePosition) };
}

/**
 * What a create and a quote check alike before looking at prices: the key may write and use the
 * model, the body is valid, its URLs are allowed, and the model's per-account limit has room
 * (`bucket` keeps quotes from spending the creates' budget).
 */
export async function admitRequest(
  db: Db,
  input: Pick<AcceptGenerationInput, "account" | "keyRestrictions" | "body" | "onModel" | "onLimit" | "project" | "livemode">,
  bucket: "model" | "quote",
) {
  const restrictions = input.keyRestrictions ?? null;
  assertKeyMayWrite(restrictions);
  const parsed = parseCreateGeneration(input.body);
  const model = await findEnabledModel(db, parsed.model);
  input.onModel?.(model);
  assertKeyAllowsModel(restrictions, model.id);
  const project = input.project ?? (await defaultProject(db, input.account.id));
  assertProjectAllowsModel(project.restrictions, model.id);
  // An extension inherits its source's size, aspect ratio and seed before anything is priced.
  const body = await resolveExtension(db, {
    accountId: input.account.id,
    body: parsed,
    modelId: model.id,
    defaultDuration: model.defaultDuration,
    livemode: input.livemode ?? true,
    projectId: input.project?.id,
  });
  await assertRequestUrlsAllowed(body);
  const limit = await consumeRateLimit(`acct:${input.account.id}:${bucket}:${model.id}`, model.rateLimitQps);
  input.onLimit?.(limit);
  if (!limit.allowed) throw rateLimitedError(limit, `${bucket === "quote" ? "quotes for " : ""}${model.id} on this account`);
  return { body, model, project };
}

/** The record of a generation just accepted: its ETA is the one promised at acceptance, its place the one read with it. */
function newRecord(generation: Generation, queuePosition: number | null): GenerationRecordT {
  return toRecord(generation, { etaSeconds: generation.etaSecondsAtAccept, queuePosition });
}
