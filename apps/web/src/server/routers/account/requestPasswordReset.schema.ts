import { z } from "zod";

export const RequestResetInput = z.object({ email: z.email("Enter a valid email address.").max(254) });
