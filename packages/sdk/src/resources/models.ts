import type { Transport } from "../transport.js";
import type { ModelList, RequestOptions } from "../types.js";

export class Models {
  constructor(private readonly transport: Transport) {}

  /** The catalog: every model you can generate with, its price, limits, sizes and durations. */
  list(options: RequestOptions = {}): Promise<ModelList> {
    return this.transport.json({ method: "GET", path: "/api/v1/models" }, options);
  }
}
