// Editing a provider route: its place, upstream, credentials, limit, cost, or whether it is used
// (docs/operations.md#routes-and-providers).
import { formatUsd } from "@vgen/contracts";
import type { Db } from "@vgen/db";
import {
  checkRouteFields,
  lockRoute,
  processingOn,
  ROUTE_FIELD_NAMES,
  type RouteFields,
  routeFieldsOf,
  UPSTREAM_FIELDS,
} from "./route-fields";
import { writeAuditRow } from "../audit";
import { SupportError } from "./staff-action";

/**
 * Changes a route's fields; the audit row records each changed field's before and after. Disabling
 * takes effect for the next job; jobs already on the route finish there. The upstream a route names
 * (provider, upstream model, credentials) cannot change while jobs run on it: they are followed
 * with it.
 */
export async function updateRoute(
  db: Db,
  input: { routeId: string; actorId: string; patch: Partial<RouteFields>; reason?: string },
) {
  return db.$transaction(async (tx) => {
    const before = await lockRoute(tx, input.routeId);
    const was = routeFieldsOf(before);
    const next = checkRouteFields({ ...was, ...definedOnly(input.patch) });
    const changed = ROUTE_FIELD_NAMES.filter((k) => next[k] !== was[k]);
    if (changed.length === 0) throw new SupportError("action_not_allowed", "Nothing changed.");
    const upstreamChange = changed.filter((k) => (UPSTREAM_FIELDS as readonly string[]).includes(k));
    if (upstreamChange.length > 0) {
      const running = await processingOn(tx, before.id);
      if (running > 0)
        throw new SupportError(
          "state_conflict",
          `${running} generation(s) are processing on this route: disable it and change its upstream once they finish.`,
          upstreamChange[0] ?? null,
        );
    }
    const show = (k: keyof RouteFields, v: RouteFields[keyof RouteFields]) =>
      k === "costMicrosPerSecond" ? formatUsd(v as bigint) : v;
    const changes = Object.fromEntries(changed.map((k) => [k, { from: show(k, was[k]), to: show(k, next[k]) }]));
    const route = await tx.modelRoute.update({
      where: { id: before.id },
      data: Object.fromEntries(changed.map((k) => [k, next[k]])),
    });
    await writeAuditRow(tx, {
      actorId: input.actorId,
      action: "route.update",
      targetId: before.id,
      details: { modelId: before.modelId, changes, ...(input.reason?.trim() ? { reason: input.reason.trim() } : {}) },
    });
    return route;
  });
}

function definedOnly(patch: Partial<RouteFields>): Partial<RouteFields> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
}
