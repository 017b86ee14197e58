/**
 * Dashboard sessions and tRPC calls over HTTP, as the browser makes them: the next-auth credentials
 * sign-in with its CSRF token, then `/api/trpc/<procedure>` with the session cookie.
 */

/** What a browser sends on a request from the app's own page: the CSRF guard refuses changes without it. */
export function sameOrigin(baseUrl: string): { origin: string } {
  return { origin: new URL(baseUrl).origin };
}

function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(";", 1)[0]!);
}

/** Signs in through next-auth's credentials endpoint; returns the Cookie header of the session. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = cookiesOf(csrf);
  const res = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; "), ...sameOrigin(baseUrl) },
    body: new URLSearchParams({ csrfToken, email, password, json: "true", callbackUrl: `${baseUrl}/dashboard` }),
  });
  const session = cookiesOf(res).find((c) => /session-token=/.test(c));
  if (!session) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return [...jar, session].join("; ");
}

export interface CallResult {
  status: number;
  contentType: string;
  text: string;
  /** The parsed body, when it is JSON. */
  json: unknown;
}

export async function readResult(res: Response): Promise<CallResult> {
  const contentType = res.headers.get("content-type") ?? "";
  let text: string;
  if (contentType.startsWith("text/event-stream")) {
    // An accepted generation streams: its first data event names it; the rest is not needed.
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    text = "";
    while (!/^data:/m.test(text) && text.length < 64 * 1024) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
    await reader.cancel();
  } else {
    text = await res.text();
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, contentType, text, json };
}

/** The URL and request for a tRPC call; `input` is sent as superjson's plain form `{ json: input }`. */
export function trpcRequest(
  baseUrl: string,
  path: string,
  type: "query" | "mutation",
  cookie: string | null,
  input: { value: unknown } | { raw: string },
): { url: string; init: RequestInit } {
  const text = "raw" in input ? input.raw : JSON.stringify({ json: input.value });
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (type === "query") {
    return { url: `${baseUrl}/api/trpc/${path}?input=${encodeURIComponent(text)}`, init: { headers } };
  }
  return {
    url: `${baseUrl}/api/trpc/${path}`,
    init: { method: "POST", headers: { ...headers, ...sameOrigin(baseUrl), "content-type": "application/json" }, body: text },
  };
}

export async function trpc(
  baseUrl: string,
  path: string,
  type: "query" | "mutation",
  cookie: string | null,
  input?: unknown,
): Promise<CallResult> {
  const { url, init } = trpcRequest(baseUrl, path, type, cookie, { value: input });
  return readResult(await fetch(url, init));
}

/** The tRPC error's HTTP status and code, or null for a success. */
export function trpcError(result: CallResult): { httpStatus: number; code: string; message: string } | null {
  const error = (
    result.json as { error?: { json?: { message: string; data?: { httpStatus: number; code: string } } } } | undefined
  )?.error?.json;
  return error
    ? { httpStatus: error.data?.httpStatus ?? result.status, code: error.data?.code ?? "", message: error.message }
    : null;
}
