import NextAuth from "next-auth";
import { env } from "@vgen/config";
import { authOptions } from "@/server/auth/options";

const handler = NextAuth(authOptions);

/**
 * next-auth 4 answers a GET of the credentials callback (it takes only the sign-in form's POST)
 * with a 500; a browser that lands there goes to the sign-in page instead.
 */
async function GET(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) {
  const [action, provider] = (await ctx.params).nextauth ?? [];
  if (action === "callback" && provider === "credentials") return Response.redirect(`${env().PUBLIC_BASE_URL}/signin`, 302);
  return handler(req, ctx);
}

export { GET, handler as POST };
