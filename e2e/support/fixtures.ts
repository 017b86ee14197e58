import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseUsd } from "@vgen/contracts";
import { createDb, type Db } from "@vgen/db";
import { createAccount, issueApiKey } from "@vgen/engine/accounts";
import { creditAccount } from "@vgen/engine/billing";
import { callApiAt, type ApiCallInit } from "./api-call";

export const BASE_URL = process.env.API_BASE_URL ?? process.env.BASE_URL ?? "http://127.0.0.1:3000";

// Setup that enrolls two-factor through the engine seals the secret as the app does: with the app's
// NEXTAUTH_SECRET, which the start command keeps in DATA_DIR/auth-secret unless it is configured.
if (!process.env.NEXTAUTH_SECRET && process.env.DATA_DIR) {
  try {
    process.env.NEXTAUTH_SECRET = readFileSync(path.join(process.env.DATA_DIR, "auth-secret"), "utf8").trim();
  } catch {
    // No generated secret there (the app was given one): the environment must carry it.
  }
}

let shared: Db | undefined;
/** Direct database access for test setup and for checking the ledger; requests go over HTTP. */
export function db(): Db {
  shared ??= createDb(process.env.DATABASE_URL, 4);
  return shared;
}

export interface TestAccount {
  id: string;
  email: string;
  key: string;
  /** Calls the API with this account's key. */
  call(path: string, init?: ApiCallInit): Promise<Response>;
}

export function uniqueEmail(tag = "dev") {
  return `${tag}-${randomBytes(5).toString("hex")}@example.test`;
}

export async function newAccount(opts: { balance?: string } = {}): Promise<TestAccount> {
  const account = await createAccount(db(), { email: uniqueEmail() });
  const { key } = await issueApiKey(db(), account.id, "test");
  if (opts.balance) {
    await creditAccount(db(), {
      accountId: account.id,
      amountMicros: parseUsd(opts.balance),
      type: "top_up",
      reason: "test setup",
      actor: "test",
    });
  }
  return { id: account.id, email: account.email, key, call: (path, init) => callApi(key, path, init) };
}

/** Calls the API of the app under test (`BASE_URL`). */
export function callApi(key: string | null, path: string, init?: ApiCallInit): Promise<Response> {
  return callApiAt(BASE_URL, key, path, init);
}

/** Polls the result endpoint until the generation leaves `processing`. */
export async function waitForTerminal(account: TestAccount, id: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await account.call("/api/v1/videos/result", { method: "POST", json: { id } });
    const record = await res.json();
    if (record.status !== "processing") return record;
    if (Date.now() > deadline) throw new Error(`generation ${id} still processing after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function ledgerSum(accountId: string): Promise<bigint> {
  const agg = await db().ledgerEntry.aggregate({ where: { accountId }, _sum: { amountMicros: true } });
  return agg._sum.amountMicros ?? 0n;
}

export async function balanceOf(accountId: string): Promise<bigint> {
  return (await db().account.findUniqueOrThrow({ where: { id: accountId } })).balanceMicros;
}
