import { z } from "zod";
import { Id } from "./common.schema";

export const OutboxMessageInput = z.object({ emailId: Id });
