/** The two API calls the request cases send, and what they need around them. */
import { BENCH_MODEL } from "./app";
import type { LoadSpec } from "./load";
import type { StatementCounter } from "./sql-counter";

export const CREATE_PATH = "/api/v1/videos/generations";
const RESULT_PATH = "/api/v1/videos/result";
const CREATE_BODY = JSON.stringify({
  model: BENCH_MODEL,
  prompt: "A paper boat drifting down a rainy street",
  duration: 2,
  stream: false,
});

function auth(apiKey: string) {
  return { authorization: `Bearer ${apiKey}` };
}

export function createSpec(apiKey: string): LoadSpec {
  return { path: CREATE_PATH, connections: 50, headers: auth(apiKey), body: () => CREATE_BODY };
}

/** Polls the given generations round-robin. */
export function pollSpec(apiKey: string, ids: string[]): LoadSpec {
  let next = 0;
  return {
    path: RESULT_PATH,
    connections: 50,
    headers: auth(apiKey),
    body: () => JSON.stringify({ id: ids[next++ % ids.length] }),
  };
}

async function post(baseUrl: string, apiKey: string, path: string, body: string, expected: number): Promise<unknown> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { ...auth(apiKey), "content-type": "application/json" },
    body,
  });
  const text = await res.text();
  if (res.status !== expected)
    throw new Error(`POST ${path} answered ${res.status} (expected ${expected}): ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

export async function createOne(baseUrl: string, apiKey: string): Promise<string> {
  return ((await post(baseUrl, apiKey, CREATE_PATH, CREATE_BODY, 202)) as { id: string }).id;
}

export async function pollOne(baseUrl: string, apiKey: string, id: string): Promise<void> {
  await post(baseUrl, apiKey, RESULT_PATH, JSON.stringify({ id }), 200);
}

/** Creates `count` generations through the app, a few at a time; returns their ids. */
export async function createMany(baseUrl: string, apiKey: string, count: number, concurrency = 8): Promise<string[]> {
  const ids: string[] = [];
  let started = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started < count) {
        started += 1;
        ids.push(await createOne(baseUrl, apiKey));
      }
    }),
  );
  return ids;
}

export interface StatementCount {
  perRequest: number;
  requests: number;
  /** Statements a process sends on its own (queue supervision, ...) per second, subtracted. */
  backgroundPerSecond: number;
}

const SETTLE_MS = 300;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Statements per request, one request at a time: the count over `requests` calls, less what the
 * process sends while idle for as long (measured right after). Work a request leaves behind
 * (the request log written after the answer) is inside the window: the settle pause waits for it.
 */
export async function statementsPerRequest(
  counter: StatementCounter,
  call: () => Promise<void>,
  requests: number,
): Promise<StatementCount> {
  for (let i = 0; i < 3; i++) await call();
  await sleep(SETTLE_MS);
  const before = counter.count();
  const started = performance.now();
  for (let i = 0; i < requests; i++) await call();
  await sleep(SETTLE_MS);
  const during = counter.count() - before;
  const busySeconds = (performance.now() - started) / 1000;
  const idleSeconds = Math.max(2, Math.min(busySeconds, 5));
  const idleBefore = counter.count();
  await sleep(idleSeconds * 1000);
  const backgroundPerSecond = (counter.count() - idleBefore) / idleSeconds;
  return { perRequest: Math.max(0, (during - backgroundPerSecond * busySeconds) / requests), requests, backgroundPerSecond };
}
