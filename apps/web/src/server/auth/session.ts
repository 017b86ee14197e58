import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { getDb } from "@vgen/db";
import { authOptions } from "./options";

export interface SessionUser {
  id: string;
  email: string;
  role: "user" | "support" | "admin";
}

/**
 * The signed-in account, read fresh on every request: a role change or a deleted account takes
 * effect at once instead of when the 30-day session token expires.
 */
export async function getSessionUser(): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions);
  const id = (session?.user as { id?: string } | undefined)?.id;
  if (!id) return null;
  const account = await getDb().account.findUnique({ where: { id }, select: { id: true, email: true, role: true } });
  return account ?? null;
}

/** For server components of the protected area: signed-out visitors go to sign-in and come back. */
export async function requireSessionUser(returnTo: string): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}
