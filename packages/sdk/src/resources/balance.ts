import type { Transport } from "../transport.js";
import type { Balance as BalanceRecord, RequestOptions } from "../types.js";

export class Balance {
  constructor(private readonly transport: Transport) {}

  /** The account's available balance (what the next hold is checked against) and what running generations hold. */
  retrieve(options: RequestOptions = {}): Promise<BalanceRecord> {
    return this.transport.json({ method: "GET", path: "/api/v1/balance" }, options);
  }
}
