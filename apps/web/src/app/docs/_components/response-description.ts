/**
 * A response's description as the reference shows it: the first paragraph in the collapsed row,
 * the rest below it. A first paragraph that ends in a label for what follows ("… Error codes:")
 * keeps the label with the list it introduces, and drops it when nothing follows, so the row
 * never ends in a dangling colon.
 */
export function splitResponseDescription(description: string): { summary: string; label: string | null; details: string } {
  const [first = "", ...rest] = description.split("\n\n");
  const details = rest.join("\n\n").trim();
  const labelled = /^(.*?[.!?])\s+([^.!?]+:)$/.exec(first.trim());
  if (!labelled) return { summary: first, label: null, details };
  return { summary: labelled[1]!, label: details ? labelled[2]! : null, details };
}
