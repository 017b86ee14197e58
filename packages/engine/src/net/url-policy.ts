import { ApiError, type CreateGenerationInput } from "@vgen/contracts";
import { assertFetchableUrl, FetchRefusedError } from "./safe-fetch";

/**
 * Acceptance-time check of a user URL: refuses (`invalid_url`) what the SSRF guard would refuse
 * when fetching (other schemes, credentials, local names, non-public addresses in any notation,
 * names resolving to them) unless ALLOW_PRIVATE_NETWORK_FETCH=1. The fetch itself checks again
 * on the connection it uses, so DNS changes in between gain nothing.
 */
export async function assertUrlAllowed(url: string, param: string): Promise<void> {
  try {
    await assertFetchableUrl(url);
  } catch (err) {
    if (err instanceof FetchRefusedError) throw new ApiError("invalid_url", `'${param}' is not allowed: ${err.message}`, param);
    throw err;
  }
}

/** Every URL of a create request: the callback and each image. */
export async function assertRequestUrlsAllowed(body: CreateGenerationInput): Promise<void> {
  const urls: [string, string][] = [];
  if (body.webHook) urls.push([body.webHook, "webHook"]);
  if (body.firstFrameUrl) urls.push([body.firstFrameUrl, "firstFrameUrl"]);
  if (body.lastFrameUrl) urls.push([body.lastFrameUrl, "lastFrameUrl"]);
  for (const [i, u] of (body.urls ?? []).entries()) urls.push([u, `urls[${i}]`]);
  await Promise.all(urls.map(([url, param]) => assertUrlAllowed(url, param)));
}
