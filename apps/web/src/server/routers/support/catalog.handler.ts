import { listCatalogForStaff } from "@vgen/engine/support";
import type { StaffContext } from "../../trpc";

export function catalogHandler({ ctx }: { ctx: StaffContext }) {
  return listCatalogForStaff(ctx.db);
}
