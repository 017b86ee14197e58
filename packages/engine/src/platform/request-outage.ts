import { AsyncLocalStorage } from "node:async_hooks";
import { isDatabaseUnavailable } from "./db-unavailable";

/**
 * Whether the request being served met an unavailable database. Next.js answers any error of a
 * page's render with 500; server.ts runs each page request in a scope, errors are noted into it
 * (where the session is read, and Next.js's onRequestError hook), and a 500 of a scope that met the
 * database unavailable goes out as 503 with Retry-After instead.
 */
interface OutageScope {
  databaseUnavailable: boolean;
}

// On globalThis: server.ts opens the scope, the copies of this module Next.js bundled note into it.
const g = globalThis as unknown as { __vgenOutageScope?: AsyncLocalStorage<OutageScope> };
const storage = () => (g.__vgenOutageScope ??= new AsyncLocalStorage<OutageScope>());

/** Runs `fn` in a new scope; `outcome()` tells afterwards (or meanwhile) what it met. */
export function withOutageScope<T>(fn: (outcome: () => OutageScope) => T): T {
  const scope: OutageScope = { databaseUnavailable: false };
  return storage().run(scope, () => fn(() => scope));
}

/** Notes `err` into the current request's scope when it means the database is unavailable. */
export function noteRequestError(err: unknown): void {
  const scope = storage().getStore();
  if (scope && isDatabaseUnavailable(err)) scope.databaseUnavailable = true;
}
