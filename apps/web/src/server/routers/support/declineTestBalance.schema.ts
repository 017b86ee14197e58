import { z } from "zod";
import { Id, TestBalanceResponse } from "./common.schema";

export const DeclineInput = z.object({ requestId: Id, response: TestBalanceResponse });
