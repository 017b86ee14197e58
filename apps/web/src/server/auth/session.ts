import type { Id } from "@vgen/contracts";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { DatabaseUnavailableError, noteRequestError } from "@vgen/engine/platform";
import { authOptions } from "./options";

export interface SessionUser {
  id: Id<"acct">;
  email: string;
  role: "user" | "support" | "admin";
  /** The browser session this request came with (kept when the owner signs out their other sessions). */
  sessionId: string;
}

/**
 * The signed-in account, checked on every request: the session callback resolves the cookie's
 * session row (revoked, expired or suspended means signed out) and reads the account's current
 * email and role, so a role change or a sign-out elsewhere takes effect at once.
 */
export async function getSessionUser(): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions);
  // The session row could not be read (options.ts): a 503 for tRPC and pages, never a sign-out.
  if ((session as { unavailable?: boolean } | null)?.unavailable) {
    const err = new DatabaseUnavailableError();
    noteRequestError(err);
    throw err;
  }
  const user = session?.user as Partial<SessionUser> | undefined;
  if (!user?.id || !user.email || !user.role || !user.sessionId) return null;
  return { id: user.id, email: user.email, role: user.role, sessionId: user.sessionId };
}

/** For server components of the protected area: signed-out visitors go to sign-in and come back. */
export async function requireSessionUser(returnTo: string): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}
