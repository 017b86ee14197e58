import Link from "next/link";
import { getDb } from "@vgen/db";
import { InvalidLinkError, verifyEmail } from "@vgen/engine/auth";
import { AuthMessageCard } from "@/components/ui/auth-card";

export const metadata = { title: "Verify your email" };
export const dynamic = "force-dynamic";

async function verify(token: string | string[] | undefined): Promise<{ email: string } | { error: string }> {
  if (typeof token !== "string" || token.length > 100) return { error: new InvalidLinkError("email_verification").message };
  try {
    return await verifyEmail(getDb(), token);
  } catch (err) {
    if (err instanceof InvalidLinkError) return { error: err.message };
    throw err;
  }
}

/** Opening the link is the proof of ownership, so the page verifies on load. */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const result = await verify((await searchParams).token);
  return (
    <main id="main" tabIndex={-1} className="outline-none grid min-h-screen place-items-center bg-slate-50 px-4">
      <AuthMessageCard title={"email" in result ? "Email verified" : "This link does not work"}>
        {"email" in result ? (
          <p role="status" className="text-sm text-slate-700">
            {result.email} is verified. You can issue API keys from the dashboard now.
          </p>
        ) : (
          <p role="alert" className="text-sm text-slate-700">
            {result.error}
          </p>
        )}
        <Link className="text-sm font-medium text-slate-900 underline" href="/dashboard/api-keys">
          Go to the dashboard
        </Link>
      </AuthMessageCard>
    </main>
  );
}
