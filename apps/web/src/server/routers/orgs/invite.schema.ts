import { z } from "zod";
import { OrgRoleInput } from "./common.schema";

export const InviteInput = z.object({ email: z.email().max(254), role: OrgRoleInput });
