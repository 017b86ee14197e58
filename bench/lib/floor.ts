/**
 * Starts bench/floors/api-floor.ts against a bench database (the app's, so both see the same rows);
 * `minimal` starts it as the minimal floor (one statement per call).
 */
import { freePort, spawnNode, stopProcess, waitForHttp } from "./process";
import { startStatementCounter, type StatementCounter } from "./sql-counter";

export interface RunningFloor {
  baseUrl: string;
  healthUrl: string;
  /** Set with `countStatements`: statements the floor sent so far. */
  statements: StatementCounter | null;
  /** Why the floor process is gone, if it ended without being stopped. */
  failure(): string | null;
  stop(): Promise<void>;
}

export async function startApiFloor(
  databaseUrl: string,
  label: string,
  opts: { countStatements?: boolean; minimal?: boolean } = {},
): Promise<RunningFloor> {
  const port = await freePort();
  const statements = opts.countStatements ? await startStatementCounter(databaseUrl) : null;
  const env = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: statements?.url ?? databaseUrl,
    PORT: String(port),
    FLOOR_MODE: opts.minimal ? "minimal" : "",
  };
  const child = spawnNode(
    ["--import", "tsx", "bench/floors/api-floor.ts"],
    env,
    `${label}:${opts.minimal ? "minimal-floor" : "floor"}`,
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const healthUrl = `${baseUrl}/health`;
  const stop = async () => {
    await stopProcess(child);
    await statements?.stop();
  };
  try {
    await waitForHttp(healthUrl, child, 30_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, healthUrl, statements, failure: () => child.diedOnItsOwn(), stop };
}
