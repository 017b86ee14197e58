import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import { getDb } from "@vgen/db";
import { consumeRateLimit, verifyPassword } from "@vgen/engine";
import { clientIp } from "../http/client-ip";

/** Sign-in attempts per email, and per client address, per 15 minutes. */
export const LOGIN_ATTEMPTS = 10;
const LOGIN_ATTEMPTS_PER_ADDRESS = Number(process.env.LOGIN_ATTEMPTS_PER_ADDRESS ?? 50);
export const LOGIN_WINDOW_SECONDS = 15 * 60;

export class TooManyAttemptsError extends Error {
  constructor() {
    super("Too many sign-in attempts. Wait 15 minutes and try again.");
  }
}

async function authorizeCredentials(email: string, password: string, ip: string) {
  const normalized = email.trim().toLowerCase();
  const [byEmail, byIp] = await Promise.all([
    consumeRateLimit(`login:${normalized}`, LOGIN_ATTEMPTS, LOGIN_WINDOW_SECONDS),
    consumeRateLimit(`login-ip:${ip}`, LOGIN_ATTEMPTS_PER_ADDRESS, LOGIN_WINDOW_SECONDS),
  ]);
  if (!byEmail.allowed || !byIp.allowed) throw new TooManyAttemptsError();
  const account = await getDb().account.findUnique({ where: { email: normalized } });
  if (!account?.passwordHash || !(await verifyPassword(password, account.passwordHash))) return null;
  return { id: account.id, email: account.email, name: account.name, role: account.role };
}

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

const oauthProviders = process.env.GITHUB_ID && process.env.GITHUB_SECRET
  ? [GitHubProvider({ clientId: process.env.GITHUB_ID, clientSecret: process.env.GITHUB_SECRET })]
  : [];

export const authOptions: NextAuthOptions = {
  session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
  pages: { signIn: "/signin" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, req) {
        if (!credentials?.email || !credentials.password) return null;
        return authorizeCredentials(credentials.email, credentials.password, clientIp(req.headers ?? {}));
      },
    }),
    ...oauthProviders,
  ],
  callbacks: {
    async signIn({ user, account }) {
      if (account?.provider === "credentials") return true;
      // OAuth: link to (or create) the account with the verified email.
      if (!user.email) return false;
      if (account?.provider === "github" && !(await githubEmailVerified(account.access_token, user.email))) return false;
      const { createAccount } = await import("@vgen/engine");
      const db = getDb();
      const existing = await db.account.findUnique({ where: { email: user.email.toLowerCase() } });
      if (!existing) await createAccount(db, { email: user.email, name: user.name ?? undefined });
      return true;
    },
    async jwt({ token, user }) {
      if (user?.email) {
        const account = await getDb().account.findUnique({ where: { email: user.email.toLowerCase() } });
        if (account) {
          token.accountId = account.id;
          token.role = account.role;
        }
      }
      return token;
    },
    async session({ session, token }) {
      if (token.accountId) {
        session.user = { ...session.user, id: token.accountId as string, role: token.role as string };
      }
      return session;
    },
  },
};
