import { DatabaseUnavailableError } from "./db-unavailable";

interface Slots {
  running: number;
  waiting: { admit: () => void; timer: NodeJS.Timeout }[];
}

/**
 * At most `perKey` tasks of one key run at once in this process; the others wait their turn in
 * arrival order, for at most `maxWaitMs` (then DatabaseUnavailableError: the work ahead of them is
 * stuck, and the caller answers 503 like any database wait that ran out).
 */
export class KeyedSlots {
  private readonly slots = new Map<string, Slots>();

  constructor(
    private readonly perKey: number,
    private readonly maxWaitMs: () => number,
  ) {}

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    let slots = this.slots.get(key);
    if (!slots) {
      slots = { running: 0, waiting: [] };
      this.slots.set(key, slots);
    }
    if (slots.running < this.perKey) slots.running++;
    else await this.waitTurn(slots);
    try {
      return await task();
    } finally {
      const next = slots.waiting.shift();
      // A finished task hands its slot to the next in line; the last one out forgets the key.
      if (next) next.admit();
      else if (--slots.running === 0) this.slots.delete(key);
    }
  }

  private waitTurn(slots: Slots): Promise<void> {
    return new Promise((resolve, reject) => {
      const turn = {
        admit: () => {
          clearTimeout(turn.timer);
          resolve();
        },
        timer: setTimeout(() => {
          slots.waiting.splice(slots.waiting.indexOf(turn), 1);
          reject(new DatabaseUnavailableError("The database did not finish this account's earlier requests in time."));
        }, this.maxWaitMs()),
      };
      slots.waiting.push(turn);
    });
  }
}
