import { z } from "zod";
import { AccountIdInput } from "./common.schema";

export const TransferOwnershipInput = z.object({ memberId: AccountIdInput });
