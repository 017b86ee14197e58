import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ScrollRegion } from "@/components/ui/scroll-region";

/** A horizontally scrollable table with a caption for screen readers. */
export function DataTable({
  caption,
  head,
  children,
  testId,
}: {
  caption: string;
  head: ReactNode[];
  children: ReactNode;
  testId?: string;
}) {
  return (
    // relative: the sr-only texts in cells are absolutely positioned, and only a positioned scroll
    // container keeps them inside it (otherwise they widen the page on a phone).
    <ScrollRegion label={caption} className="relative -mx-5 overflow-x-auto px-5">
      <table className="w-full min-w-[36rem] text-left text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
            {head.map((h, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: header cells of a fixed column list
              <th key={i} scope="col" className="whitespace-nowrap py-2 pr-4 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

export function Td({ children, className = "" }: { children?: ReactNode; className?: string }) {
  return <td className={`py-2 pr-4 align-top ${className}`}>{children}</td>;
}

export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (p: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize) return null;
  return (
    <nav aria-label={`${label} pages`} className="mt-3 flex items-center justify-between text-sm text-slate-600">
      <span>
        Page {page} of {pages} · {total} total
      </span>
      <span className="flex gap-2">
        <Button type="button" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button type="button" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </span>
    </nav>
  );
}
