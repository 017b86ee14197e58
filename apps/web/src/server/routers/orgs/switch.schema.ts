import { z } from "zod";
import { AccountIdInput } from "./common.schema";

export const SwitchInput = z.object({ accountId: AccountIdInput });
