import { z } from "zod";
import { DefaultRoleInput } from "./common.schema";

export const SaveConnectionInput = z.object({
  issuer: z.url({ protocol: /^https?$/ }).max(500),
  clientId: z.string().trim().min(1).max(255),
  /** Empty keeps the stored secret. */
  clientSecret: z.string().max(1000),
  defaultRole: DefaultRoleInput,
  enforce: z.boolean(),
});
