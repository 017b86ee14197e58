import type { MemberActor } from "@vgen/engine/audit";
import { clientIp } from "./http/client-ip";
import type { AuthedContext } from "./trpc";

/** The person behind a dashboard change and their address, for the organization's audit log. */
export function memberActor(ctx: Pick<AuthedContext, "user" | "headers">): MemberActor {
  return { id: ctx.user.id, ip: clientIp(ctx.headers) };
}
