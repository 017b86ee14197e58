/**
 * Routes: the ordered ways a catalog model is served (docs/providers.md#routes). A route is the
 * local renderer or an upstream adapter with its credentials (by environment name), upstream model
 * id, concurrency limit and cost.
 */
import { upstreamEnv } from "@vgen/config";
import type { ModelRoute } from "@vgen/db";
import type { AdapterCapabilities, ProviderKind, RouteRefusal, RouteRequest, UpstreamTarget, VideoAdapter } from "./adapter";
import { falAdapter } from "./adapters/fal";
import { openaiAdapter } from "./adapters/openai";
import { replicateAdapter } from "./adapters/replicate";
import { runwayAdapter } from "./adapters/runway";
import { veoAdapter } from "./adapters/veo";

export const LOCAL_PROVIDER = "local";

const ADAPTERS: Record<ProviderKind, VideoAdapter> = {
  veo: veoAdapter,
  fal: falAdapter,
  replicate: replicateAdapter,
  runway: runwayAdapter,
  openai: openaiAdapter,
};

export function adapterFor(provider: string): VideoAdapter | null {
  return Object.hasOwn(ADAPTERS, provider) ? ADAPTERS[provider as ProviderKind] : null;
}

/** The route's upstream from its credentials' environment; null when they are not configured. */
export function targetFor(route: Pick<ModelRoute, "credentials" | "upstreamModel">): UpstreamTarget | null {
  if (!route.credentials || !route.upstreamModel) return null;
  const e = upstreamEnv(route.credentials);
  if (!e) return null;
  return {
    name: route.credentials,
    baseUrl: e.URL,
    apiKey: e.API_KEY ?? null,
    model: route.upstreamModel,
    webhookSecret: e.WEBHOOK_SECRET ?? null,
    maxVideoBytes: e.MAX_VIDEO_MB * 1024 * 1024,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
  };
}

function refusalBy(c: AdapterCapabilities, r: RouteRequest): RouteRefusal | null {
  if (!c.durations.includes(r.duration)) return { reason: `durations ${c.durations.join(", ")} s`, param: "duration" };
  if (!c.sizes.includes(r.size)) return { reason: `sizes ${c.sizes.join(", ")}`, param: "size" };
  if (!c.aspectRatios.includes(r.aspectRatio))
    return { reason: `aspect ratios ${c.aspectRatios.join(", ")}`, param: "aspectRatio" };
  if (r.firstFrame && !c.firstFrame) return { reason: "no first frame", param: "firstFrame" };
  if (r.lastFrame && !c.lastFrame) return { reason: "no last frame", param: "lastFrame" };
  if (r.references > c.maxReferences) {
    return {
      reason: c.maxReferences ? `at most ${c.maxReferences} reference images` : "no reference images",
      param: "references",
    };
  }
  if (r.audio && !c.audio) return { reason: "no sound track", param: "audio" };
  if (r.negativePrompt && !c.negativePrompt) return { reason: "no negative prompt", param: "negativePrompt" };
  // Without native extension the source's last frame becomes the first frame.
  if (r.extension && !c.nativeExtension && !c.firstFrame)
    return { reason: "no extension (neither a video input nor a first frame)", param: "extension" };
  const maxOutputs = c.maxOutputs ?? 1;
  if (r.outputs > maxOutputs)
    return { reason: `at most ${maxOutputs} clip${maxOutputs === 1 ? "" : "s"} per request`, param: "outputs" };
  return c.combinationRefusal?.(r) ?? null;
}

/**
 * Whether any of a model's routes can take the request, checked when it is accepted (before any
 * hold): null when one can; otherwise why not, in the words of the first configured route, or
 * "unconfigured" when no route of the model has its credentials (our fault, not the caller's).
 */
export function acceptanceRefusal(
  routes: Pick<ModelRoute, "provider" | "upstreamModel" | "credentials">[],
  request: RouteRequest,
): RouteRefusal | "unconfigured" | null {
  const configured = routes.filter((r) => r.provider === LOCAL_PROVIDER || targetFor(r));
  if (!configured.length) return "unconfigured";
  let first: RouteRefusal | null = null;
  for (const route of configured) {
    const refusal = routeRefusal(route, request);
    if (!refusal) return null;
    first ??= { reason: refusal.reason, param: refusal.param };
  }
  return first;
}

/**
 * Why the route cannot produce the request ("takes durations 4, 6, 8 s"), or null when it can. The
 * local renderer produces anything the catalog accepts; an upstream model the adapter does not know
 * is trusted to (its own answer decides).
 */
export function routeRefusal(route: Pick<ModelRoute, "provider" | "upstreamModel">, request: RouteRequest): RouteRefusal | null {
  if (route.provider === LOCAL_PROVIDER) return null;
  const adapter = adapterFor(route.provider);
  if (!adapter) return { reason: `unknown provider ${route.provider}`, param: "duration" };
  const capabilities = route.upstreamModel ? adapter.capabilities(route.upstreamModel) : null;
  if (!capabilities) return null;
  const missing = refusalBy(capabilities, request);
  return missing ? { reason: `takes ${missing.reason}`, param: missing.param } : null;
}
