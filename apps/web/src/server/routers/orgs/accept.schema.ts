import { z } from "zod";
import { InvitationToken } from "./common.schema";

export const AcceptInput = z.object({ token: InvitationToken });
