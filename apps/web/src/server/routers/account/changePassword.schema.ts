import { z } from "zod";
import { CurrentPassword, NewPassword } from "./common.schema";

export const ChangePasswordInput = z.object({ currentPassword: CurrentPassword, newPassword: NewPassword });
