import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { authOptions } from "./options";

export interface SessionUser {
  id: string;
  email: string;
  role: "user" | "support" | "admin";
}

export async function getSessionUser(): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions);
  const user = session?.user as { id?: string; email?: string; role?: string } | undefined;
  if (!user?.id || !user.email) return null;
  return { id: user.id, email: user.email, role: (user.role ?? "user") as SessionUser["role"] };
}

/** For server components of the protected area: signed-out visitors go to sign-in and come back. */
export async function requireSessionUser(returnTo: string): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}
