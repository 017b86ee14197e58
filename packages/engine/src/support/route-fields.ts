// What staff may set on a provider route, and the checks every route edit shares
// (docs/operations.md#routes-and-providers).
import { MICROS_PER_DOLLAR } from "@vgen/contracts";
import type { ModelRoute, Tx } from "@vgen/db";
import { adapterFor, LOCAL_PROVIDER } from "../providers";
import { SupportError } from "./staff-action";

/** The fields of a route staff edit; the breaker's bookkeeping is the runner's. */
export interface RouteFields {
  position: number;
  provider: string;
  upstreamModel: string | null;
  credentials: string | null;
  maxConcurrency: number;
  costMicrosPerSecond: bigint;
  enabled: boolean;
}

export const ROUTE_FIELD_NAMES = [
  "position",
  "provider",
  "upstreamModel",
  "credentials",
  "maxConcurrency",
  "costMicrosPerSecond",
  "enabled",
] as const satisfies readonly (keyof RouteFields)[];

/** Fields that name the upstream a running job was submitted to: they cannot change under it. */
export const UPSTREAM_FIELDS = ["provider", "upstreamModel", "credentials"] as const satisfies readonly (keyof RouteFields)[];

/** Becomes UPSTREAM_<NAME>_URL and friends, so letters, digits, "-" and "_" only. */
const CREDENTIALS_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;
/** Upstream model ids: "veo-3.1-generate-preview", "fal-ai/kling-video/v2.5", "owner/name:version". */
const UPSTREAM_MODEL_RE = /^[\w.:/@-]{1,200}$/;
const MAX_COST_MICROS = 1_000n * MICROS_PER_DOLLAR;

/** Checks a route's fields as they will be saved; the local renderer keeps no upstream model or credentials. */
export function checkRouteFields(f: RouteFields): RouteFields {
  const provider = f.provider.trim();
  const local = provider === LOCAL_PROVIDER;
  if (!local && !adapterFor(provider)) throw new SupportError("invalid_parameter", `Unknown provider '${provider}'.`, "provider");
  const upstreamModel = local ? null : (f.upstreamModel?.trim() ?? "");
  const credentials = local ? null : (f.credentials?.trim() ?? "");
  if (upstreamModel !== null && !UPSTREAM_MODEL_RE.test(upstreamModel))
    throw new SupportError(
      "invalid_parameter",
      "Give the upstream's model id (up to 200 characters, no spaces).",
      "upstreamModel",
    );
  if (credentials !== null && !CREDENTIALS_RE.test(credentials))
    throw new SupportError(
      "invalid_parameter",
      "Name the credentials with letters, digits, '-' or '_' (up to 40 characters).",
      "credentials",
    );
  if (!Number.isInteger(f.maxConcurrency) || f.maxConcurrency < 1 || f.maxConcurrency > 10_000)
    throw new SupportError("invalid_parameter", "Max concurrency must be a whole number from 1 to 10000.", "maxConcurrency");
  if (f.costMicrosPerSecond < 0n || f.costMicrosPerSecond > MAX_COST_MICROS)
    throw new SupportError("invalid_parameter", "The cost must be $0 to $1000 per second.", "costMicrosPerSecond");
  if (!Number.isInteger(f.position) || f.position < 0 || f.position > 10_000)
    throw new SupportError("invalid_parameter", "The position must be a whole number from 0 to 10000.", "position");
  return { ...f, provider, upstreamModel, credentials };
}

/** The route's editable fields, as saved. */
export function routeFieldsOf(route: ModelRoute): RouteFields {
  const { position, provider, upstreamModel, credentials, maxConcurrency, costMicrosPerSecond, enabled } = route;
  return { position, provider, upstreamModel, credentials, maxConcurrency, costMicrosPerSecond, enabled };
}

/** Locks the route's row for the edit (the runner takes the same lock before counting its slots). */
export async function lockRoute(tx: Tx, routeId: string): Promise<ModelRoute> {
  await tx.$queryRaw`SELECT id FROM model_routes WHERE id = ${routeId} FOR UPDATE`;
  const route = await tx.modelRoute.findUnique({ where: { id: routeId } });
  if (!route) throw new SupportError("resource_not_found", `No route '${routeId}'.`, "routeId");
  return route;
}

/** Generations processing on the route: taking its slot, submitted, or being followed upstream. */
export function processingOn(tx: Tx, routeId: string): Promise<number> {
  return tx.generation.count({ where: { routeId, status: "processing" } });
}
