/** Badge tones of a generation's status, as the playground shows them. */
export const STATUS_TONE = { processing: "blue", completed: "green", failed: "red", canceled: "gray" } as const;
