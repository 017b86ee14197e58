import { listRoutesForStaff } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";

export function routesHandler({ ctx }: { ctx: StaffContext }) {
  return listRoutesForStaff(ctx.db);
}
