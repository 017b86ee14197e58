// One generation as staff see it: the record, the routes it tried (with their providers), its
// webhook deliveries, and the trace its request started (docs/operations.md#tracing).
import type { Db } from "@vgen/db";
import { SupportError } from "./staff-action";

export async function getGenerationForStaff(db: Db, generationId: string) {
  const generation = await db.generation.findUnique({
    where: { id: generationId },
    select: {
      id: true,
      accountId: true,
      modelId: true,
      status: true,
      prompt: true,
      duration: true,
      size: true,
      costMicros: true,
      errorCode: true,
      errorMessage: true,
      livemode: true,
      attempts: true,
      traceId: true,
      createdAt: true,
      startedAt: true,
      completedAt: true,
    },
  });
  if (!generation) throw new SupportError("generation_not_found", `No generation '${generationId}'.`);
  const [routeAttempts, deliveries] = await Promise.all([
    db.routeAttempt.findMany({
      where: { generationId },
      orderBy: [{ startedAt: "asc" }, { id: "asc" }],
      select: {
        id: true,
        startedAt: true,
        endedAt: true,
        outcome: true,
        errorDetail: true,
        upstreamId: true,
        route: { select: { provider: true, credentials: true } },
      },
    }),
    db.webhookDelivery.findMany({
      where: { generationId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, eventType: true, url: true, status: true, attemptCount: true, deliveredAt: true },
    }),
  ]);
  return { generation, routeAttempts, deliveries };
}
