import { upstreamEnvPrefix } from "@vgen/config";
import { upstreamConfig } from "../platform/config";
import { localProvider } from "./local";
import { GenerationFailure, type Provider } from "./types";
import { createUpstreamProvider } from "./upstream";

/**
 * The provider a catalog model routes to (CatalogModel.provider): "local" is the embedded renderer,
 * any other name an upstream configured by UPSTREAM_<NAME>_URL (and _API_KEY, _MODEL, ...).
 */
export function providerFor(name: string | null | undefined, env: NodeJS.ProcessEnv = process.env): Provider {
  const provider = (name ?? "local").trim() || "local";
  if (provider === "local") return localProvider;
  const cfg = upstreamConfig(provider, env);
  if (!cfg) {
    throw new GenerationFailure(
      "upstream_error",
      "The model's provider is not available right now. Nothing was charged.",
      `provider "${provider}" has no ${upstreamEnvPrefix(provider)}URL configured`,
    );
  }
  return createUpstreamProvider(cfg);
}
