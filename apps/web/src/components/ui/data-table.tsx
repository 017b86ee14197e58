import Link from "next/link";
import { Fragment, type ReactNode } from "react";
import { ScrollRegion } from "@/components/ui/scroll-region";

/** Below which width a column steps aside, so the columns that matter stay on a phone's screen. */
type HideBelow = "sm" | "md" | "lg" | "xl";

// Literal class names: Tailwind only generates the classes it finds written out.
const HIDE_BELOW: Record<HideBelow, string> = {
  sm: "hidden sm:table-cell",
  md: "hidden md:table-cell",
  lg: "hidden lg:table-cell",
  xl: "hidden xl:table-cell",
};

export type Column<T> = {
  /** Stable name of the column; also each cell's `data-col`, which tests read. */
  id: string;
  header: ReactNode;
  /** The header is read by screen readers only (an actions column). */
  headerHidden?: boolean;
  cell: (row: T) => ReactNode;
  /** Numbers: right-aligned with tabular figures, so digits line up. */
  numeric?: boolean;
  hideBelow?: HideBelow;
  /** The cell names its row (`<th scope="row">`). */
  rowHeader?: boolean;
  /** The cell holds the row's link (to `rowHref`), the keyboard's way into the row. */
  link?: boolean;
  /** Classes of the column's header and cells (width, wrapping). */
  className?: string;
  /** Classes of one cell that depend on its row (an amount's colour). */
  cellClassName?: (row: T) => string;
  cellTestId?: string;
  /** More of the cell after its link (outside it, so the link's name is just what it links). */
  detail?: (row: T) => ReactNode;
};

type RowAttributes = { id?: string; className?: string } & { [data: `data-${string}`]: string | number | undefined };

/**
 * The one table of the dashboard, the console and the public pages: typed columns, a name for screen readers,
 * an empty state, columns that step aside on small screens, and a focusable scroll region when it is still wider
 * than the screen. A row with `rowHref` opens its page when clicked anywhere; its `link` column holds the real
 * link that keyboards and screen readers use. No hooks, so server pages render it too.
 */
export function DataTable<T>({
  label,
  captionVisible = false,
  columns,
  rows,
  rowKey,
  rowAttributes,
  subRows,
  rowHref,
  rowLinkLabel,
  empty,
  footer,
  testId,
  busy,
  bleed = true,
  minWidth = "",
  fixed = false,
  regionClassName = "",
  stickyHeader = false,
  srOnly = false,
}: {
  /** The table's name: its caption for screen readers and the scroll region's name. */
  label: string;
  /** The caption is shown above the table, not only read by screen readers. */
  captionVisible?: boolean;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowAttributes?: (row: T) => RowAttributes;
  /** Rows shown right after a row, in the same columns (an expanded group's members). */
  subRows?: (row: T) => readonly T[];
  rowHref?: (row: T) => string;
  rowLinkLabel?: (row: T) => string;
  /** What the table says when it has no rows, in one row across all columns. */
  empty?: ReactNode;
  /** A totals row, one cell per column. */
  footer?: readonly ReactNode[];
  testId?: string;
  busy?: boolean;
  /** The table runs to the card's edges (the card's padding becomes the first and last columns' padding). */
  bleed?: boolean;
  /** A width below which the table scrolls inside its region rather than squeezing (e.g. "min-w-[36rem]"). */
  minWidth?: string;
  /** Column widths come from the header's classes, not from the content (long prompts truncate). */
  fixed?: boolean;
  regionClassName?: string;
  stickyHeader?: boolean;
  /** Visually hidden: the text alternative of a chart. */
  srOnly?: boolean;
}) {
  const edge = bleed ? "first:pl-5 last:pr-5" : "first:pl-0 last:pr-0";
  const cellClasses = (c: Column<T>) =>
    [
      "px-3 py-2",
      edge,
      c.numeric ? "text-right tabular-nums" : "",
      c.hideBelow ? HIDE_BELOW[c.hideBelow] : "",
      c.className ?? "",
    ].join(" ");
  const renderRow = (row: T) => {
    const { className: rowClass = "", ...data } = rowAttributes?.(row) ?? {};
    const href = rowHref?.(row);
    return (
      <tr
        key={rowKey(row)}
        {...data}
        // relative: the row link's overlay covers the whole row, so a click anywhere opens it.
        className={`align-top ${href ? "relative hover:bg-slate-50" : ""} ${rowClass}`}
      >
        {columns.map((c) => {
          const Cell = c.rowHeader ? "th" : "td";
          const content = c.cell(row);
          return (
            <Cell
              key={c.id}
              scope={c.rowHeader ? "row" : undefined}
              data-col={c.id}
              data-testid={c.cellTestId}
              className={`${cellClasses(c)} ${c.rowHeader ? "font-medium text-slate-900" : ""} ${c.cellClassName?.(row) ?? ""}`}
            >
              {c.link && href ? (
                <Link
                  href={href}
                  aria-label={rowLinkLabel?.(row)}
                  className="underline decoration-slate-300 after:absolute after:inset-0 hover:decoration-slate-900 focus-visible:outline-2 focus-visible:outline-slate-600"
                >
                  {content}
                </Link>
              ) : (
                content
              )}
              {c.detail?.(row)}
            </Cell>
          );
        })}
      </tr>
    );
  };
  const table = (
    <table
      className={srOnly ? "sr-only" : `w-full text-left text-sm ${fixed ? "table-fixed" : ""} ${minWidth}`}
      data-testid={testId}
      aria-busy={busy || undefined}
    >
      <caption className={captionVisible ? "mb-2 text-left text-sm font-medium text-slate-800" : "sr-only"}>{label}</caption>
      <thead
        className={`border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600 ${stickyHeader ? "sticky top-0 bg-white" : ""}`}
      >
        <tr>
          {columns.map((c) => (
            <th key={c.id} scope="col" className={`${cellClasses(c)} font-medium`}>
              {c.headerHidden ? <span className="sr-only">{c.header}</span> : c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.length === 0 && empty !== undefined && (
          <tr>
            <td colSpan={columns.length} className={`px-3 py-3 text-slate-600 ${edge}`}>
              {empty}
            </td>
          </tr>
        )}
        {rows.map((row) => (
          <Fragment key={rowKey(row)}>
            {renderRow(row)}
            {subRows?.(row).map(renderRow)}
          </Fragment>
        ))}
      </tbody>
      {footer && (
        <tfoot className="border-t border-slate-200 font-semibold">
          <tr>
            {columns.map((c, i) => (
              <td key={c.id} data-col={c.id} className={cellClasses(c)}>
                {footer[i]}
              </td>
            ))}
          </tr>
        </tfoot>
      )}
    </table>
  );
  if (srOnly) return table;
  return (
    // relative: the sr-only texts and row overlays in cells are absolutely positioned, and only a positioned
    // scroll container keeps them inside it (otherwise they widen the page on a phone).
    <ScrollRegion label={label} className={`relative overflow-x-auto ${bleed ? "-mx-5" : ""} ${regionClassName}`}>
      {table}
    </ScrollRegion>
  );
}
