// Failures a fake provider can be told to answer with, for the next calls of one operation.
import type http from "node:http";

export type Fault =
  /** An HTTP error in the provider's documented error shape (Retry-After when given). */
  | { kind: "status"; status: number; retryAfterSeconds?: number }
  /** The provider's content-policy refusal, in its documented shape. */
  | { kind: "policy" }
  /** A 200 whose body is cut off mid-JSON. */
  | { kind: "malformed" }
  /** No answer at all: the connection stays open until the caller gives up. */
  | { kind: "hang" };

export class Faults<Op extends string> {
  private readonly pending = new Map<Op, Fault[]>();

  /** The next `times` calls of `op` answer with `fault`. */
  next(op: Op, fault: Fault, times = 1): void {
    const queue = this.pending.get(op) ?? [];
    for (let i = 0; i < times; i++) queue.push(fault);
    this.pending.set(op, queue);
  }

  take(op: Op): Fault | undefined {
    return this.pending.get(op)?.shift();
  }

  clear(): void {
    this.pending.clear();
  }
}

/** How a provider words its errors: the body for an HTTP status, and its content-policy refusal. */
export interface ErrorShapes {
  error(status: number): unknown;
  policy?: () => { status: number; body: unknown };
}

export function answerFault(res: http.ServerResponse, fault: Fault, shapes: ErrorShapes): void {
  switch (fault.kind) {
    case "hang":
      return;
    case "malformed":
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"id": "cut-off', "utf8");
      return;
    case "policy": {
      if (!shapes.policy) throw new Error("this fake has no content-policy refusal for this call");
      const { status, body } = shapes.policy();
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
      return;
    }
    case "status": {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (fault.retryAfterSeconds !== undefined) headers["retry-after"] = String(fault.retryAfterSeconds);
      res.writeHead(fault.status, headers);
      res.end(JSON.stringify(shapes.error(fault.status)));
    }
  }
}
