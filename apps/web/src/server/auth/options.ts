import type { NextAuthOptions } from "next-auth";
import type { JWT } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import { headers } from "next/headers";
import { env } from "@vgen/config";
import { sameOriginPath } from "@vgen/contracts";
import { getDb } from "@vgen/db";
import { createSession, resolveSession, revokeSession, SESSION_MAX_AGE_SECONDS, signInWithPassword } from "@vgen/engine/auth";
import { isDatabaseUnavailable, logger } from "@vgen/engine/platform";
import { redeemSsoTicket, ssoForEmail } from "@vgen/engine/sso";
import { clientIp } from "../http/client-ip";
import { SignInInput } from "./sign-in.schema";
import { readCookie, SSO_TICKET_COOKIE } from "./sso-cookies";

const LOGIN_ATTEMPTS_PER_ADDRESS = env().LOGIN_ATTEMPTS_PER_ADDRESS;

/**
 * Whether GitHub itself verified this address for the signed-in GitHub user. The profile's email
 * can be a primary address the GitHub user never confirmed; linking on it would hand anyone who
 * types a victim's email into GitHub the victim's account (and balance).
 */
async function githubEmailVerified(accessToken: string | undefined, email: string): Promise<boolean> {
  if (!accessToken) return false;
  try {
    const res = await fetch("https://api.github.com/user/emails", {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/vnd.github+json", "user-agent": "vgen-auth" },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) return false;
    const emails = (await res.json()) as { email?: string; verified?: boolean }[];
    const wanted = email.trim().toLowerCase();
    return Array.isArray(emails) && emails.some((e) => e.verified === true && e.email?.trim().toLowerCase() === wanted);
  } catch {
    return false;
  }
}

const { GITHUB_ID, GITHUB_SECRET } = env();
const oauthProviders = GITHUB_ID && GITHUB_SECRET ? [GitHubProvider({ clientId: GITHUB_ID, clientSecret: GITHUB_SECRET })] : [];

/** What the sign-in form reads from `error` to show the code step (the password was right). */
const TWO_FACTOR_REQUIRED = "two_factor_required";

/** Where a sign-in came from, for the owner's session list; empty outside a request. */
async function sessionOrigin(): Promise<{ userAgent: string | null; ip: string }> {
  try {
    const h = await headers();
    return { userAgent: h.get("user-agent"), ip: clientIp(h) };
  } catch {
    return { userAgent: null, ip: "unknown" };
  }
}

/** A token that names no session: every reader treats it as signed out. */
const SIGNED_OUT = {} as JWT;

export const authOptions: NextAuthOptions = {
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  // next-auth's own errors and warnings go to the JSON log, not to stderr as plain text.
  logger: {
    error: (code, metadata) => logger.error({ component: "next-auth", code, err: metadata }, `next-auth: ${code}`),
    warn: (code) => logger.warn({ component: "next-auth", code }, `next-auth: ${code}`),
    debug: (code, metadata) => logger.debug({ component: "next-auth", code, metadata }, `next-auth: ${code}`),
  },
  pages: { signIn: "/signin" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
        code: { label: "Two-factor code", type: "text" },
      },
      /** Password and, when two-factor sign-in is on, a code in the same request: the password alone opens no session. */
      async authorize(credentials, req) {
        const input = SignInInput.safeParse(credentials);
        if (!input.success) return null;
        // An organization that enforces single sign-on vouches for its domain's people through its IdP alone.
        if ((await ssoForEmail(getDb(), input.data.email))?.enforce) throw new Error("sso_required");
        const outcome = await signInWithPassword(getDb(), {
          ...input.data,
          code: credentials?.code,
          address: clientIp(req.headers ?? {}),
          attemptsPerAddress: LOGIN_ATTEMPTS_PER_ADDRESS,
        });
        if (outcome.ok) return outcome.account;
        // next-auth hands the message of a thrown error to the form, which shows it in the reader's
        // language (sign-in-form.tsx); a wrong password stays generic.
        if (outcome.reason === "invalid") return null;
        if (outcome.reason === "code_required") throw new Error(TWO_FACTOR_REQUIRED);
        throw new Error(outcome.reason);
      },
    }),
    /** Single sign-on's last step: the ticket cookie left by /api/auth/sso/callback, used up here. */
    CredentialsProvider({
      id: "sso",
      name: "Single sign-on",
      credentials: {},
      async authorize(_credentials, req) {
        const ticket = readCookie(req.headers?.cookie as string | undefined, SSO_TICKET_COOKIE);
        return ticket ? redeemSsoTicket(getDb(), ticket) : null;
      },
    }),
    ...oauthProviders,
  ],
  callbacks: {
    async signIn({ user, account }) {
      if (account?.provider === "credentials" || account?.provider === "sso") return true;
      // OAuth: link to (or create) the account with the verified email.
      if (!user.email) return false;
      if (account?.provider === "github" && !(await githubEmailVerified(account.access_token, user.email))) return false;
      const { createAccount } = await import("@vgen/engine/accounts");
      const db = getDb();
      const existing = await db.account.findUnique({ where: { email: user.email.toLowerCase() } });
      if (!existing) await createAccount(db, { email: user.email, name: user.name ?? undefined, emailVerified: true });
      else if (existing.status === "suspended") return false;
      // GitHub cannot give our second factor: an account with two-factor sign-in signs in with its password and code.
      else if (existing.totpEnabledAt) return "/signin?error=TwoFactorRequired";
      return true;
    },
    /** Only ever a path on this site: a `callbackUrl` naming another host falls back to the dashboard. */
    redirect({ url, baseUrl }) {
      return `${baseUrl}${sameOriginPath(url, baseUrl)}`;
    },
    /**
     * At sign-in, opens a session row and puts its id in the cookie; on every later read, checks
     * that row (one primary-key lookup), so sign-out, a password reset or a suspension ends the
     * session at once even though the cookie's signature stays valid for 30 days.
     */
    async jwt({ token, user }) {
      const db = getDb();
      if (user?.email) {
        const account = await db.account.findUnique({ where: { email: user.email.toLowerCase() }, select: { id: true } });
        if (!account) return SIGNED_OUT;
        return { sid: await createSession(db, account.id, await sessionOrigin()) };
      }
      if (typeof token.sid !== "string") return SIGNED_OUT;
      // next-auth reads any error thrown here as "signed out" and clears the cookie: a database
      // outage must neither sign anyone out nor look like one (getSessionUser answers 503 for it).
      let live: Awaited<ReturnType<typeof resolveSession>>;
      try {
        live = await resolveSession(db, token.sid);
      } catch (err) {
        if (isDatabaseUnavailable(err)) return { sid: token.sid, unavailable: true };
        throw err;
      }
      if (!live) return SIGNED_OUT;
      return { sid: token.sid, accountId: live.id, email: live.email, role: live.role };
    },
    async session({ session, token }) {
      if (token.unavailable === true) return { unavailable: true } as unknown as typeof session;
      // An empty session is what getServerSession and useSession read as "signed out".
      if (typeof token.accountId !== "string") return {} as typeof session;
      return {
        ...session,
        user: { id: token.accountId, email: token.email as string, role: token.role as string, sessionId: token.sid as string },
      };
    },
  },
  events: {
    async signOut({ token }) {
      if (typeof token?.sid === "string") await revokeSession(getDb(), token.sid);
    },
  },
};
