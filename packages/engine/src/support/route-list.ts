// The routes page of the staff console: every model's routes in the order they are tried, each
// with its health (docs/operations.md#routes-and-providers).
import { upstreamEnvPrefix } from "@vgen/config";
import type { Db, ModelRoute } from "@vgen/db";
import { PROVIDER_KINDS, breakerDecision, LOCAL_PROVIDER, targetFor } from "../providers";

export interface StaffRoute extends ModelRoute {
  /** Slots taken now: its generations processing with a submit intent recorded. */
  busy: number;
  /** Whether its UPSTREAM_<CREDENTIALS>_* variables are set (always true for the local renderer). */
  configured: boolean;
  /** UPSTREAM_<CREDENTIALS>_, the prefix of the variables it reads; null for the local renderer. */
  envPrefix: string | null;
  /** The breaker is open but its wait is over: the next job probes the route. */
  probeDue: boolean;
}

/** Every catalog model (enabled or not) with its routes, and the providers a route can name. */
export async function listRoutesForStaff(db: Db, now = new Date()) {
  const [models, routes, busy] = await Promise.all([
    db.catalogModel.findMany({ orderBy: [{ sortOrder: "asc" }, { id: "asc" }], select: { id: true, enabled: true } }),
    db.modelRoute.findMany({ orderBy: [{ modelId: "asc" }, { position: "asc" }, { createdAt: "asc" }] }),
    db.generation.groupBy({
      by: ["routeId"],
      where: { status: "processing", routeId: { not: null }, submitIntentAt: { not: null } },
      _count: { _all: true },
    }),
  ]);
  const busyByRoute = new Map(busy.map((b) => [b.routeId, b._count._all]));
  const staffRoute = (route: ModelRoute): StaffRoute => {
    const local = route.provider === LOCAL_PROVIDER;
    return {
      ...route,
      busy: busyByRoute.get(route.id) ?? 0,
      configured: local || targetFor(route) !== null,
      envPrefix: local || !route.credentials ? null : upstreamEnvPrefix(route.credentials),
      probeDue: route.breakerState !== "closed" && breakerDecision(route, now) === "probe",
    };
  };
  return {
    providers: [LOCAL_PROVIDER, ...PROVIDER_KINDS],
    models: models.map((m) => ({ ...m, routes: routes.filter((r) => r.modelId === m.id).map(staffRoute) })),
  };
}
