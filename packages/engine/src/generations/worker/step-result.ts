/** What the worker does after a step: nothing more, or run the generation again after a delay. */
export type StepResult = { done: true } | { done: false; afterMs: number };

export const DONE: StepResult = { done: true };
export const again = (afterMs: number): StepResult => ({ done: false, afterMs: Math.max(0, Math.round(afterMs)) });
