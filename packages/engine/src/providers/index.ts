/** Public surface of the engine's providers domain. The local renderer and the upstream adapters behind one interface, route selection and the routes' circuit breakers. */
export { GenerationFailure } from "./types";
export { localProvider } from "./local";
export { adapterFor, LOCAL_PROVIDER, targetFor, routeRefusal, acceptanceRefusal } from "./routes";
export type { AdapterCapabilities, UpstreamImage, UpstreamRequest, UpstreamTarget, VideoAdapter, RouteRequest } from "./adapter";
export { UpstreamCallError, PROVIDER_KINDS } from "./adapter";
export { recordRouteFailure, recordRouteSuccess, breakerDecision, startProbe } from "./breaker";
export { fetchOutput } from "./http";
