/**
 * burst: 60 creates sent at the same instant to the app (each on its own connection). Nothing may
 * answer 500: a burst must be absorbed or refused with a catalog error, never crash a request.
 */
import { CREATE_PATH, createSpec } from "../lib/api";
import { clearBacklog } from "../lib/backlog";
import { requestPathApp } from "../lib/targets";
import type { BenchCase } from "../lib/types";

const BURST = 60;

const burstCase: BenchCase = {
  name: "burst",
  async run(ctx) {
    const app = await requestPathApp(ctx);
    const spec = createSpec(app.apiKey);
    await clearBacklog(app.databaseUrl);
    ctx.log(`burst: ${BURST} simultaneous creates`);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: BURST }, async () => {
        try {
          const res = await fetch(`${app.baseUrl}${CREATE_PATH}`, {
            method: "POST",
            headers: { ...spec.headers, "content-type": "application/json" },
            body: spec.body(),
          });
          const body = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
          return { status: String(res.status), code: body?.error?.code ?? null, ms: performance.now() - started };
        } catch (err) {
          return { status: "no answer", code: (err as Error).message, ms: performance.now() - started };
        }
      }),
    );
    // Answers from an app that was already gone say nothing about bursts.
    const died = app.failure();
    if (died) throw new Error(`${died}, during the burst`);
    const tally = (values: string[]) =>
      Object.entries(
        values.reduce<Record<string, number>>((t, v) => {
          t[v] = (t[v] ?? 0) + 1;
          return t;
        }, {}),
      )
        .map(([k, n]) => `${k}x${n}`)
        .join(", ");
    const failures = answers.filter((a) => a.status === "500" || a.status === "no answer").length;
    const codes = answers.map((a) => a.code).filter((c): c is string => c !== null);
    const slowest = Math.max(...answers.map((a) => a.ms));
    ctx.log(
      `burst: statuses ${tally(answers.map((a) => a.status))}${codes.length ? `; codes ${tally(codes)}` : ""}; last answer after ${slowest.toFixed(0)} ms`,
    );
    return [
      {
        case: "burst",
        metric: `HTTP 500s (or no answer) among ${BURST} simultaneous creates`,
        unit: "answers",
        app: failures,
        floor: null,
        better: "lower",
        target: "0",
        met: failures === 0,
        note: `statuses ${tally(answers.map((a) => a.status))}; catalog codes seen: ${codes.length ? tally(codes) : "none"}`,
      },
      {
        case: "burst",
        metric: `time until all ${BURST} are answered (ms)`,
        unit: "ms",
        app: Math.round(slowest),
        floor: null,
        better: "lower",
        target: null,
        met: null,
      },
    ];
  },
};

export default burstCase;
