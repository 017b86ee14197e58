import { getConnection, listDomains } from "@vgen/engine/sso";
import { ssoRedirectUri } from "../../auth/sso-cookies";
import type { AuthedContext } from "../../trpc";

/** The organization's domains (with their TXT records), its IdP connection (no secret) and the redirect URI to register. */
export async function overviewHandler({ ctx }: { ctx: AuthedContext }) {
  const [domains, connection] = await Promise.all([listDomains(ctx.db, ctx.accountId), getConnection(ctx.db, ctx.accountId)]);
  return { domains, connection, redirectUri: ssoRedirectUri() };
}
