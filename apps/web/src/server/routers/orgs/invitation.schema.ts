import { z } from "zod";
import { InvitationToken } from "./common.schema";

export const InvitationInput = z.object({ token: InvitationToken });
