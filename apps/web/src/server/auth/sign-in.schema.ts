import { z } from "zod";
import { CurrentPassword } from "../routers/account/common.schema";
import { SecondFactorCode } from "../routers/security/common.schema";

/** What the sign-in form sends to the credentials provider (the form checks the same shape). */
export const SignInInput = z.object({ email: z.email("Enter a valid email address.").max(254), password: CurrentPassword });

/** The second step of a two-factor sign-in. */
export const SignInCodeInput = z.object({ code: SecondFactorCode });
