import { z } from "zod";
import { AccountIdInput, OrgRoleInput } from "./common.schema";

export const ChangeRoleInput = z.object({ memberId: AccountIdInput, role: OrgRoleInput });
