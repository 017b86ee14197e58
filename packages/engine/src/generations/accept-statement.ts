import { createHash } from "node:crypto";
import { ApiError } from "@vgen/contracts";
import { newId, type Generation, type HotStatements, type Tx } from "@vgen/db";
import { idempotencyClaimLost, jsonOrNull, type HeldIdempotencyClaim, type StoredResponse } from "./idempotency";
import { quoteAlreadyUsed } from "./quotes";
import { GENERATION_QUEUE, getBoss, QUEUE_PRIORITY, traceCarrier, type GenerationJob } from "../platform";

/** An Idempotency-Key claim to complete with the generation, and the response a retry replays. */
export interface KeyCompletion {
  claim: HeldIdempotencyClaim;
  response: StoredResponse;
}

/**
 * Where the statement runs: in the caller's transaction (after its locked checks), or on its own on
 * the hot-statements pool, where it is prepared once per connection by name.
 */
export type AcceptOn = { tx: Tx } | { pool: HotStatements };

/** pg-boss 12 sends a job as one `WITH ins AS (INSERT ...) ... SELECT id FROM ins` statement over `$1`. */
const JOB_STATEMENT = /^\s*WITH\s+ins\s+AS\s*\(/i;

/**
 * Accepts a generation in ONE statement: pg-boss's own job insert (its SQL and values, as pg-boss
 * builds them for this send), the generation row, then the conditional balance hold and its ledger
 * entry. One round trip, and the balance row is locked only from the hold to COMMIT. A hold that
 * the balance does not cover aborts the statement, job and generation included.
 *
 * With an Idempotency-Key, the same statement stores the key's response, guarded by the claim's
 * token: a committed generation always has its completed key, and a claim taken over by a retry
 * (its lease passed while this request ran) aborts this statement, so a key yields one generation.
 */
export async function insertAccepted(on: AcceptOn, g: Generation, completion?: KeyCompletion): Promise<void> {
  const boss = await getBoss();
  try {
    await boss.send(GENERATION_QUEUE, { generationId: g.id, ...traceCarrier() } satisfies GenerationJob, {
      priority: QUEUE_PRIORITY[g.queue],
      db: {
        executeSql: async (jobSql: string, jobValues: unknown[] = []) => {
          const { text, values } = withAcceptance(jobSql, jobValues, g, completion);
          if ("tx" in on) return { rows: await on.tx.$queryRawUnsafe<{ id: string }[]>(text, ...values) };
          return { rows: await on.pool.rows<{ id: string }>({ name: statementName(text), text }, values) };
        },
      },
    });
  } catch (err) {
    const refusal = /vgen_refused:(\w+)/.exec(String((err as { message?: unknown }).message))?.[1];
    if (refusal === "idempotency_claim_lost") throw idempotencyClaimLost();
    if (refusal === "quote_already_used") throw quoteAlreadyUsed();
    if (refusal === "insufficient_balance") {
      throw new ApiError("insufficient_balance", "The available balance does not cover the cost of this generation.");
    }
    throw err;
  }
}

/**
 * A name per statement text. The texts are few (a queue, with or without a key, a quote, a hold and
 * an extension), so PostgreSQL parses and plans each once per connection instead of on every create.
 */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `accept_${createHash("sha256").update(text).digest("hex").slice(0, 16)}`;
    statementNames.set(text, name);
  }
  return name;
}

function withAcceptance(
  jobSql: string,
  jobValues: unknown[],
  g: Generation,
  completion?: KeyCompletion,
): { text: string; values: unknown[] } {
  if (!JOB_STATEMENT.test(jobSql))
    throw new Error("pg-boss's job insert no longer has the shape the create path extends; see accept-statement.ts");
  const values = [...jobValues];
  const p = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  // The claim is checked before the balance: a claim lost to a retry explains a spent balance too.
  const keyDone = completion
    ? `
    key_done AS (
      UPDATE idempotency_keys SET response_status = ${p(completion.response.status)}, response_body = ${p(jsonOrNull(completion.response.body))}::jsonb,
        generation_id = ${p(g.id)}, locked_by = NULL, locked_until = NULL
      WHERE account_id = ${p(completion.claim.accountId)} AND key = ${p(completion.claim.key)}
        AND locked_by = ${p(completion.claim.token)} AND response_status IS NULL
      RETURNING true AS ok
    ),`
    : "";
  // The quote is spent by the statement that uses it: of two creates racing with one quote, the
  // second's UPDATE waits for the first's row lock, then finds it used and refuses. Its expiry was
  // checked just before (redeemableQuote), so the only refusal left here is "already used".
  const quoteUsed = g.quoteId
    ? `
    quote_used AS (
      UPDATE quotes SET used_at = ${p(g.createdAt)}, generation_id = ${p(g.id)}
      WHERE id = ${p(g.quoteId)} AND account_id = ${p(g.accountId)} AND used_at IS NULL
      RETURNING true AS ok
    ),`
    : "";
  // The balance row is every create of the account's one point of contention: it is locked from
  // the hold's UPDATE to COMMIT, so the hold comes last. It reads `generation`, and PostgreSQL runs
  // a data-modifying CTE when another reads it, so the job (the main query) and the generation row
  // are written before the lock is taken; the ledger entry reads `hold`, so it follows it. A refusal
  // anywhere aborts the whole statement, so the earlier writes never commit without the hold.
  // A test-mode generation moves no money: no hold, no ledger entry, no balance condition.
  const hold = g.livemode
    ? `
    hold AS (
      UPDATE accounts SET balance_micros = balance_micros - ${p(g.costMicros)}, updated_at = ${p(g.createdAt)}
      FROM generation
      WHERE accounts.id = ${p(g.accountId)} AND accounts.balance_micros >= ${p(g.costMicros)} AND accounts.deleted_at IS NULL
      RETURNING accounts.balance_micros
    ),
    entry AS (
      INSERT INTO ledger_entries (id, account_id, type, amount_micros, balance_after_micros, generation_id, reference, created_at)
      SELECT ${p(newId("led"))}, ${p(g.accountId)}, 'hold', ${p(-g.costMicros)}, hold.balance_micros, ${p(g.id)}, ${p(g.id)}, ${p(g.createdAt)}
      FROM (SELECT 1) AS one LEFT JOIN hold ON true
      WHERE vgen_require(hold.balance_micros IS NOT NULL, 'insufficient_balance')
    ),`
    : "";
  const conditions = [
    ...(completion ? [{ ok: "key_done.ok IS NOT NULL", refusal: "idempotency_claim_lost" }] : []),
    ...(g.quoteId ? [{ ok: "quote_used.ok IS NOT NULL", refusal: "quote_already_used" }] : []),
  ];
  const admitted = conditions.length
    ? `vgen_require(${conditions.map((c) => c.ok).join(" AND ")},
          CASE ${conditions.map((c) => `WHEN NOT (${c.ok}) THEN '${c.refusal}'`).join(" ")} END)`
    : "true";
  const joins = `${completion ? "\n        LEFT JOIN key_done ON true" : ""}${g.quoteId ? "\n        LEFT JOIN quote_used ON true" : ""}`;
  // The source links to its extension in the same statement: both links commit together, or neither.
  const linked = g.extendedFrom
    ? `
    linked AS (
      UPDATE generations SET extensions = array_append(extensions, generation.id)
      FROM generation WHERE generations.id = ${p(g.extendedFrom)} AND generations.account_id = ${p(g.accountId)}
    ),`
    : "";
  // No change notice: nothing can watch a generation before it exists, and a NOTIFY would make
  // every create's COMMIT wait its turn for the notification queue's lock.
  const ctes = `${keyDone}${quoteUsed}
    generation AS (
      INSERT INTO generations (id, account_id, api_key_id, project_id, model_id, status, prompt, duration, size, aspect_ratio,
        width, height, first_frame_url, last_frame_url, urls, webhook_url, webhook_events, price_micros_per_second, billed_seconds,
        cost_micros, queue, seed, negative_prompt, generate_audio, n, progress, eta_seconds_at_accept, deadline_at, retention_days, attempts, livemode, trace_id, created_at, quote_id, extended_from)
      SELECT ${p(g.id)}, ${p(g.accountId)}, ${p(g.apiKeyId)}, ${p(g.projectId)}, ${p(g.modelId)}, 'processing', ${p(g.prompt)}, ${p(g.duration)},
        ${p(g.size)}, ${p(g.aspectRatio)}, ${p(g.width)}, ${p(g.height)}, ${p(g.firstFrameUrl)}, ${p(g.lastFrameUrl)},
        ${p(g.urls)}::text[], ${p(g.webhookUrl)}, ${p(g.webhookEvents)}::text[], ${p(g.priceMicrosPerSecond)}, ${p(g.billedSeconds)}, ${p(g.costMicros)},
        ${p(g.queue)}::"QueueName", ${p(g.seed)}::bigint, ${p(g.negativePrompt)}, ${p(g.generateAudio)}, ${p(g.n)}::int, 0, ${p(g.etaSecondsAtAccept)}, ${p(g.deadlineAt)}, ${p(g.retentionDays)}::int, 0, ${p(g.livemode)},
        ${p(g.traceId)}, ${p(g.createdAt)}, ${p(g.quoteId)}, ${p(g.extendedFrom)}
      FROM (SELECT 1) AS one${joins}
      WHERE ${admitted}
      RETURNING id
    ),${hold}${linked}`;
  return { text: jobSql.replace(/^\s*WITH\s/i, `WITH ${ctes}\n`), values };
}
