import { z } from "zod";
import { Id, Reason } from "./common.schema";

export const RevokeKeyInput = z.object({ keyId: Id, reason: Reason });
