import NextAuth from "next-auth";
import { config } from "@vgen/engine/platform";
import { authOptions } from "@/server/auth/options";

const handler = NextAuth(authOptions);

/**
 * next-auth 4 answers a GET of the credentials callback (it takes only the sign-in form's POST)
 * with a 500; a browser that lands there goes to the sign-in page instead.
 */
async function GET(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) {
  const [action, provider] = (await ctx.params).nextauth ?? [];
  if (action === "callback" && provider === "credentials") return Response.redirect(`${config().publicBaseUrl}/signin`, 302);
  return handler(req, ctx);
}

export { GET, handler as POST };
