import { z } from "zod";
import { Id, Paging } from "./common.schema";

export const AccountLedgerInput = z.object({ accountId: Id, ...Paging });
