import { z } from "zod";
import { Dollars, Id, TestBalanceResponse } from "./common.schema";

export const GrantInput = z.object({ requestId: Id, amount: Dollars, response: TestBalanceResponse });
