/**
 * An upstream's webhook call about one of our jobs (docs/providers.md#exactly-once). It is only a
 * hint: the worker still asks the upstream itself. What it adds is the upstream's id when our
 * submit's answer was lost (outcome unknown), and a record of a success that came after the
 * generation had already been failed (shown to staff).
 */
import type { Db } from "@vgen/db";
import { logger, sendInTransaction, GENERATION_QUEUE, QUEUE_PRIORITY } from "../platform";
import { UpstreamCallError, adapterFor, targetFor } from "../providers";

export type CallbackOutcome = "accepted" | "ignored" | "not_found" | "forged" | "retry";

export async function receiveUpstreamCallback(
  db: Db,
  routeId: string,
  generationId: string,
  headers: Record<string, string>,
  rawBody: Buffer,
): Promise<CallbackOutcome> {
  const route = await db.modelRoute.findUnique({ where: { id: routeId } });
  const adapter = route ? adapterFor(route.provider) : null;
  const target = route ? targetFor(route) : null;
  if (!route || !adapter?.parseCallback || !target) return "not_found";
  let callback: Awaited<ReturnType<NonNullable<typeof adapter.parseCallback>>>;
  try {
    callback = await adapter.parseCallback(target, headers, rawBody);
  } catch (err) {
    // The signature could not be checked now (its keys unreachable): the upstream sends it again.
    if (err instanceof UpstreamCallError) return "retry";
    throw err;
  }
  if (!callback) return "forged";
  const log = logger.child({ generationId, route: routeId, upstreamId: callback.upstreamId });
  return db.$transaction(async (tx) => {
    const gen = await tx.generation.findUnique({ where: { id: generationId } });
    if (!gen) return "not_found";
    if (gen.status === "processing" && gen.routeId === routeId) {
      if (gen.upstreamTaskId && gen.upstreamTaskId !== callback.upstreamId) return "ignored";
      if (!gen.upstreamTaskId) {
        // Our submit's answer was lost; the upstream just told us which job is ours.
        await tx.generation.update({
          where: { id: gen.id },
          data: { upstreamTaskId: callback.upstreamId, outcomeUnknownSince: null, reconcileBy: null },
        });
        await tx.routeAttempt.updateMany({
          where: { generationId: gen.id, routeId, endedAt: null },
          data: { acceptedAt: new Date(), upstreamId: callback.upstreamId },
        });
        log.info("upstream callback named the job whose submit answer was lost");
      }
      // Wake the generation now instead of at its next poll.
      await sendInTransaction(tx, GENERATION_QUEUE, { generationId: gen.id }, { priority: QUEUE_PRIORITY[gen.queue] });
      return "accepted";
    }
    const ours = await tx.routeAttempt.findFirst({
      where: {
        generationId: gen.id,
        routeId,
        OR: [{ upstreamId: callback.upstreamId }, { upstreamId: null, outcome: "abandoned" }],
      },
    });
    if (gen.status === "failed" && ours && callback.status.state === "succeeded" && !gen.lateSuccessAt) {
      await tx.generation.update({ where: { id: gen.id }, data: { lateSuccessAt: new Date() } });
      await tx.routeAttempt.update({
        where: { id: ours.id },
        data: { outcome: "late_success", upstreamId: callback.upstreamId },
      });
      log.warn("upstream reported success after the generation had failed: recorded for staff");
      return "accepted";
    }
    return "ignored";
  });
}
