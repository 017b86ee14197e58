import { BASE_URL } from "./fixtures";

/**
 * A browser stand-in over plain HTTP: keeps cookies, signs in through next-auth's own endpoints
 * (CSRF token, credentials callback, sign-out) and calls tRPC procedures the way the dashboard does.
 */
export class BrowserSession {
  readonly cookies = new Map<string, string>();

  constructor(private readonly headers: Record<string, string> = {}) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    // A browser's fetch from the app's page says its origin on every change (the CSRF guard needs it).
    if (init.method && init.method !== "GET") headers.set("origin", new URL(BASE_URL).origin);
    for (const [k, v] of Object.entries(this.headers)) headers.set(k, v);
    if (this.cookies.size) headers.set("cookie", this.cookieHeader());
    const res = await fetch(`${BASE_URL}${path}`, { ...init, headers, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  private async csrf(): Promise<string> {
    return ((await (await this.fetch("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
  }

  private form(fields: Record<string, string>): RequestInit {
    return {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    };
  }

  /** What next-auth's signIn("credentials") does: the answer's `url` is where the browser goes next. `code`: the two-factor step's. */
  async signIn(
    email: string,
    password: string,
    callbackUrl = "/dashboard",
    code?: string,
  ): Promise<{ url: string; error: string | null }> {
    const csrfToken = await this.csrf();
    const res = await this.fetch(
      "/api/auth/callback/credentials",
      this.form({ email, password, csrfToken, callbackUrl, json: "true", ...(code ? { code } : {}) }),
    );
    const body = (await res.json()) as { url: string };
    return { url: body.url, error: new URL(body.url).searchParams.get("error") };
  }

  async signOut(): Promise<void> {
    const csrfToken = await this.csrf();
    await this.fetch("/api/auth/signout", this.form({ csrfToken, callbackUrl: "/signin", json: "true" }));
  }

  /** The session cookie (to replay it after sign-out). */
  sessionCookie(): string | undefined {
    return [...this.cookies].find(([k]) => k.endsWith("next-auth.session-token"))?.[1];
  }

  async query(path: string, input?: unknown) {
    const qs = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
    return trpcResult(await this.fetch(`/api/trpc/${path}${qs}`));
  }

  async mutation(path: string, input?: unknown) {
    const res = await this.fetch(`/api/trpc/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(input === undefined ? {} : { json: input }),
    });
    return trpcResult(res);
  }
}

interface TrpcResult {
  status: number;
  data: any;
  error: { message: string; code: number; data: { code: string; httpStatus: number; apiCode?: string | null } } | null;
}

async function trpcResult(res: Response): Promise<TrpcResult> {
  const body = (await res.json()) as { result?: { data: { json: unknown } }; error?: { json: TrpcResult["error"] } };
  return { status: res.status, data: body.result?.data.json, error: body.error?.json ?? null };
}
