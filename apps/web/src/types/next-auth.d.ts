import type { DefaultSession } from "next-auth";

declare module "next-auth" {
  interface Session {
    user: DefaultSession["user"] & { id?: string; role?: string; sessionId?: string };
  }
}

declare module "next-auth/jwt" {
  /** The session cookie's claims: the session row's id, and what that row resolved to on this read. */
  interface JWT {
    sid?: string;
    accountId?: string;
    role?: string;
  }
}
