import { isBase58 } from "@vgen/contracts";
import { z } from "zod";
import { NewPassword } from "./common.schema";

const LinkToken = z.string().min(20).max(100).refine(isBase58, "This link is malformed.");

export const ResetPasswordInput = z.object({ token: LinkToken, password: NewPassword });
