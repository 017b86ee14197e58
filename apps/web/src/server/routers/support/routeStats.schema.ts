import { z } from "zod";
import { DEFAULT_STATS_DAYS } from "@vgen/engine/support";
import { Int } from "./common.schema";

export const RouteStatsInput = z.object({ days: Int(1, 365).default(DEFAULT_STATS_DAYS) });
