// A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1 for the single sign-on
// tests: discovery, its own interaction pages (login, consent), authorization code with PKCE, ID
// tokens signed with its keys. Tests choose the people it knows and may shorten the ID token's life
// or swap the token endpoint's ID token for another one it signed (to prove the client refuses it).
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

interface IdpPerson {
  email: string;
  emailVerified?: boolean;
  name?: string;
}

export interface IdpClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface LocalIdp {
  issuer: string;
  /** Login (the interaction page's "login" field) → the person's claims. */
  people: Map<string, IdpPerson>;
  /** Seconds an ID token lives (default 3600). */
  settings: { idTokenTtl: number; replaceIdToken: string | null };
  close(): Promise<void>;
}

/** Starts a provider with these clients; `people` can be filled in later (findAccount reads it live). */
export async function startLocalIdp(clients: IdpClient[]): Promise<LocalIdp> {
  const people = new Map<string, IdpPerson>();
  const settings = { idTokenTtl: 3600, replaceIdToken: null as string | null };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: [c.redirectUri],
      grant_types: ["authorization_code"],
      response_types: ["code"],
    })),
    async findAccount(_ctx, id) {
      const person = people.get(id);
      if (!person) return undefined;
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: person.email, email_verified: person.emailVerified ?? true, name: person.name };
        },
      };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // The email claims go into the ID token itself (the client reads no userinfo).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      Grant: 3600,
      Interaction: 600,
      Session: 3600,
      IdToken: () => settings.idTokenTtl,
    },
    cookies: { keys: ["local-idp-test-cookie-key"] },
    features: { devInteractions: { enabled: true } },
  });
  // Swaps the ID token of a token response, to hand the client a token this provider signed for another purpose.
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === "/token" && settings.replaceIdToken && body?.id_token) {
      ctx.body = { ...body, id_token: settings.replaceIdToken };
    }
  });
  server.on("request", provider.callback());
  return {
    issuer,
    people,
    settings,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A tiny cookie jar: the provider's interaction cookies between requests of one browser. */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split("=")[1] ?? "") < Date.now());
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/**
 * Goes through the provider's own login and consent pages as a browser would (without one) and
 * returns the redirect back to the client (its `code` and `state`).
 */
export async function signInAtIdp(authorizationUrl: string, login: string, redirectUri: string): Promise<URL> {
  const jar = new Jar();
  let url = authorizationUrl;
  let form: URLSearchParams | null = null;
  for (let step = 0; step < 12; step++) {
    const res: Response = await fetch(url, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: { cookie: jar.header(), ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      body: form?.toString(),
    });
    jar.take(res);
    form = null;
    const location = res.headers.get("location");
    if (location) {
      const next = new URL(location, url);
      if (next.toString().startsWith(redirectUri)) return next;
      url = next.toString();
      continue;
    }
    const html: string = await res.text();
    if (res.status !== 200) throw new Error(`IdP answered ${res.status} at ${url}: ${html.slice(0, 300)}`);
    // The interaction page: its form posts back to the same address.
    form = html.includes('name="login"')
      ? new URLSearchParams({ prompt: "login", login, password: "any" })
      : new URLSearchParams({ prompt: "consent" });
  }
  throw new Error("the IdP never redirected back to the client");
}

/**
 * A whole code flow for one client run by the test itself, returning the ID token the provider
 * signed: material for proving that the app refuses a token meant for another client, or expired.
 */
export async function idTokenFromIdp(idp: LocalIdp, client: IdpClient, login: string, nonce: string): Promise<string> {
  const verifier = "test-verifier-".padEnd(64, "x");
  const { createHash } = await import("node:crypto");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const auth = new URL(`${idp.issuer}/auth`);
  auth.search = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    response_type: "code",
    scope: "openid email profile",
    state: "test-state",
    nonce,
    code_challenge: challenge,
    code_challenge_method: "S256",
  }).toString();
  const back = await signInAtIdp(auth.toString(), login, client.redirectUri);
  const code = back.searchParams.get("code");
  if (!code) throw new Error(`no code in ${back}`);
  const res = await fetch(`${idp.issuer}/token`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`,
    },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: client.redirectUri,
      code_verifier: verifier,
    }),
  });
  const body = (await res.json()) as { id_token?: string };
  if (!body.id_token) throw new Error(`no ID token: ${JSON.stringify(body)}`);
  return body.id_token;
}
