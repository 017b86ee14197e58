import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createDb, newId, type Db } from "@vgen/db";
import { callApiAt } from "./api-call";
import type { DrillAccount } from "./drill";

export function drillDb(databaseUrl: string): Db {
  return createDb(databaseUrl, 4);
}

/**
 * Subscribes the account to a model up front. An account's first create on a model inserts the
 * subscription in a transaction around the create; subscribed, every create is the one statement.
 */
export async function subscribe(db: Db, accountId: string, modelId: string): Promise<void> {
  await db.$executeRaw`
    INSERT INTO subscriptions (id, account_id, model_id, status, created_at, updated_at)
    VALUES (${newId("sub")}, ${accountId}, ${modelId}, 'active', now(), now())`;
}

export interface Answer {
  status: number;
  body: { id?: string; error?: { code: string } } & Record<string, unknown>;
  headers: Headers;
}

/** POSTs a create as a client would; resolves with the answer, or rejects when the connection fails. */
export async function postCreate(
  baseUrl: string,
  account: DrillAccount,
  body: unknown,
  idempotencyKey?: string,
): Promise<Answer> {
  const headers: Record<string, string> = idempotencyKey ? { "idempotency-key": idempotencyKey } : {};
  const res = await callApiAt(baseUrl, account.key, "/api/v1/videos/generations", { method: "POST", headers, json: body });
  const text = await res.text();
  let parsed: Answer["body"];
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`non-JSON answer ${res.status}: ${text.slice(0, 200)}`);
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/**
 * Retries a keyed create the way a well-behaved client does: on `409 idempotency_request_in_progress`
 * after its Retry-After, on a failed connection shortly after. Resolves with the first other answer
 * and how many in-progress answers came before it.
 */
export async function retryUntilSettled(
  baseUrl: () => string,
  account: DrillAccount,
  body: unknown,
  key: string,
  deadlineMs: number,
): Promise<{ answer: Answer; inProgress: number }> {
  let inProgress = 0;
  for (;;) {
    if (Date.now() > deadlineMs)
      throw new Error(`key ${key}: no answer but in-progress before the deadline (${inProgress} × 409)`);
    try {
      const answer = await postCreate(baseUrl(), account, body, key);
      if (answer.status !== 409 || answer.body.error?.code !== "idempotency_request_in_progress") return { answer, inProgress };
      inProgress++;
      await sleep(Number(answer.headers.get("retry-after") ?? 1) * 1000);
    } catch (err) {
      if (err instanceof Error && err.message.startsWith("non-JSON")) throw err;
      await sleep(250);
    }
  }
}

export function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * Stops an embedded PostgreSQL that a SIGKILLed app left running in its data directory (the next
 * start would reclaim it; a drill that ends early must not leave it behind).
 */
export function stopOrphanedPostgres(dataDir: string): void {
  for (const dir of [
    dataDir,
    ...readdirSync(dataDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => path.join(dataDir, d.name)),
  ]) {
    let pid: number;
    try {
      pid = Number(readFileSync(path.join(dir, "postmaster.pid"), "utf8").split("\n")[0]);
    } catch {
      continue;
    }
    try {
      process.kill(pid, "SIGINT");
    } catch {
      // already gone
    }
  }
}
