import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, KeyedSlots } from "../src/platform";

/** A task that runs until released, recording how many of its key run at once. */
function gate() {
  let release = () => {};
  const done = new Promise<void>((r) => {
    release = r;
  });
  return { done, release: () => release() };
}

describe("KeyedSlots", () => {
  it("runs at most perKey tasks of a key at once, the rest in arrival order; other keys never wait", async () => {
    const slots = new KeyedSlots(2, () => 5_000);
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const runs = gates.map((g, i) =>
      slots.run("acct_a", async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await g.done;
        running--;
        return i;
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    // Another account is not behind this one's line.
    expect(await slots.run("acct_b", async () => "b")).toBe("b");
    gates[1]!.release();
    await runs[1];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.release();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it("a waiter gives up after maxWaitMs as a database wait (a 503), and its turn goes to the next", async () => {
    const slots = new KeyedSlots(1, () => 50);
    const first = gate();
    const holder = slots.run("acct_a", () => first.done);
    const late = slots.run("acct_a", async () => "never");
    const error = await late.catch((err: unknown) => err);
    expect(isDatabaseUnavailable(error)).toBe(true);
    const next = slots.run("acct_a", async () => "next");
    first.release();
    await holder;
    expect(await next).toBe("next");
  });

  it("a failing task frees its slot", async () => {
    const slots = new KeyedSlots(1, () => 5_000);
    await expect(slots.run("acct_a", async () => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    expect(await slots.run("acct_a", async () => "after")).toBe("after");
  });
});
