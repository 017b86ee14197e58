import { z } from "zod";
import { Id } from "./common.schema";

export const AccountInput = z.object({ accountId: Id });
