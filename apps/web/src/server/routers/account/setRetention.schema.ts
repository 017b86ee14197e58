import { z } from "zod";
import { RetentionDays } from "@vgen/contracts";

export const SetRetentionInput = z.object({ retentionDays: RetentionDays });
