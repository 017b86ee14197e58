import type { ReactNode } from "react";

/**
 * A box that scrolls inside itself (a wide table, a long code sample). Keyboard users must be able to
 * focus it to scroll it, and a focusable box needs a name to be announced by (axe:
 * scrollable-region-focusable), so it is a named region in the tab order.
 */
export function ScrollRegion({
  label,
  className = "",
  children,
  testId,
}: {
  label: string;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be focusable for keyboard users
      tabIndex={0}
      data-testid={testId}
      className={`focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${className}`}
    >
      {children}
    </section>
  );
}

/** A code sample that scrolls inside itself: focusable and named for the same reason as ScrollRegion. */
export function ScrollingCode({
  label,
  className,
  children,
  testId,
}: {
  label: string;
  className: string;
  children: string;
  testId?: string;
}) {
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the scrolling code block needs a name once it is focusable
    <pre
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling code block must be focusable for keyboard users
      tabIndex={0}
      aria-label={label}
      data-testid={testId}
      className={`overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-700 ${className}`}
    >
      <code>{children}</code>
    </pre>
  );
}
