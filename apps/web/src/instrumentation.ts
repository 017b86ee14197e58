/**
 * Next.js calls this for every error of a render or a route handler: a page whose render met the
 * database unavailable answers 503 (see withOutageScope in server.ts).
 */
export async function onRequestError(err: unknown) {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { noteRequestError } = await import("@vgen/engine/platform");
  noteRequestError(err);
}
