import { z } from "zod";
import { AccountIdInput } from "./common.schema";

export const RemoveMemberInput = z.object({ memberId: AccountIdInput, keys: z.enum(["keep", "revoke"]) });
