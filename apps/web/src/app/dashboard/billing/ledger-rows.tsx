"use client";

import { ChevronRight } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { formatAmount } from "@vgen/contracts";
import type { Column } from "@/components/ui/data-table";
import { Badge } from "@/components/ui/states";
import { UtcTime } from "@/components/ui/utc-time";

export const LEDGER_TYPES = ["top_up", "test_credit", "hold", "hold_release", "charge", "refund", "adjustment"] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

const TYPE_TONES: Record<LedgerType, "gray" | "green" | "amber" | "red" | "blue"> = {
  top_up: "green",
  test_credit: "green",
  hold: "amber",
  hold_release: "blue",
  charge: "red",
  refund: "green",
  adjustment: "gray",
};

type Outcome = "refunded" | "charged" | "released" | "held";
const OUTCOME_TONES: Record<Outcome, "green" | "amber" | "red" | "blue"> = {
  charged: "red",
  refunded: "green",
  released: "blue",
  held: "amber",
};

interface Entry {
  id: string;
  type: LedgerType;
  amountMicros: bigint;
  balanceAfterMicros: bigint;
  generationId: string | null;
  reference: string;
  reason: string | null;
  createdAt: Date;
}

/** A line of the ledger list as ledger.list answers it: one entry, or a generation's movements as one. */
type LedgerLine =
  | { kind: "entry"; id: string; entry: Entry }
  | {
      kind: "generation";
      id: string;
      generationId: string;
      createdAt: Date;
      netMicros: bigint;
      outcome: Outcome;
      balanceAfterMicros: bigint;
      entries: Entry[];
    };

/** A row of the table: a line, or (beneath an opened generation line) one of its movements. */
type LedgerRow = LedgerLine | { kind: "movement"; id: string; entry: Entry };

const amountClass = (micros: bigint) => (micros < 0n ? "text-red-700" : "text-emerald-700");
const signed = (micros: bigint) => `${micros > 0n ? "+" : ""}${formatAmount(micros)}`;
const movementId = (e: Entry) => `ledger-${e.id}`;
const amountOf = (row: LedgerRow) => (row.kind === "generation" ? row.netMicros : row.entry.amountMicros);

function GenerationLink({ id }: { id: string }) {
  return (
    <Link
      className="font-mono text-xs underline hover:text-slate-900"
      href={`/dashboard/playground?id=${encodeURIComponent(id)}`}
    >
      {id}
    </Link>
  );
}

/**
 * The ledger as the one DataTable: entries on lines of their own, a generation's hold, release, charge
 * and refund as one line (what it cost and how it ended) whose disclosure button shows its movements.
 */
export function useLedgerTable() {
  const t = useTranslations("billing");
  const tl = useTranslations("ledgerType");
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const columns: Column<LedgerRow>[] = [
    {
      id: "time",
      header: t("time"),
      className: "tabular-nums text-slate-700 sm:whitespace-nowrap",
      cellClassName: (row) => (row.kind === "movement" ? "pl-11" : ""),
      cell: (row) => <UtcTime value={row.kind === "generation" ? row.createdAt : row.entry.createdAt} />,
    },
    {
      id: "type",
      header: t("type"),
      cell: (row) => {
        if (row.kind !== "generation") return <Badge tone={TYPE_TONES[row.entry.type]}>{tl(row.entry.type)}</Badge>;
        const expanded = open.has(row.id);
        return (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={row.entries.map(movementId).join(" ")}
            onClick={() => toggle(row.id)}
            className="inline-flex items-center gap-1 rounded-md text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-600"
          >
            <ChevronRight aria-hidden="true" className={`size-4 shrink-0 transition-transform ${expanded ? "rotate-90" : ""}`} />
            <Badge tone={OUTCOME_TONES[row.outcome]}>
              {t(`outcome.${row.outcome}`, { amount: formatAmount(-row.netMicros) })}
            </Badge>{" "}
            <span className="text-xs text-slate-600">{t("entries", { count: row.entries.length })}</span>
          </button>
        );
      },
    },
    {
      id: "amount",
      header: t("amount"),
      numeric: true,
      className: "whitespace-nowrap font-medium",
      cellClassName: (row) => amountClass(amountOf(row)),
      cellTestId: "ledger-amount",
      cell: (row) => signed(amountOf(row)),
    },
    {
      id: "balanceAfter",
      header: t("balanceAfter"),
      numeric: true,
      hideBelow: "sm",
      className: "whitespace-nowrap",
      cellTestId: "ledger-balance-after",
      cell: (row) => formatAmount(row.kind === "generation" ? row.balanceAfterMicros : row.entry.balanceAfterMicros),
    },
    {
      id: "reference",
      header: t("reference"),
      hideBelow: "md",
      className: "text-slate-700",
      cell: (row) => {
        if (row.kind === "generation") return <GenerationLink id={row.generationId} />;
        const e = row.entry;
        return e.generationId ? <GenerationLink id={e.generationId} /> : <span>{e.reason ?? e.reference}</span>;
      },
    },
  ];

  return {
    columns,
    subRows: (row: LedgerRow): LedgerRow[] =>
      row.kind === "generation" && open.has(row.id)
        ? row.entries.map((entry) => ({ kind: "movement", id: entry.id, entry }))
        : [],
    rowAttributes: (row: LedgerRow) =>
      row.kind === "generation"
        ? { "data-testid": "ledger-row", "data-type": "generation", "data-outcome": row.outcome }
        : row.kind === "movement"
          ? {
              id: movementId(row.entry),
              "data-testid": "ledger-entry-row",
              "data-type": row.entry.type,
              className: "bg-slate-50",
            }
          : { "data-testid": "ledger-row", "data-type": row.entry.type },
  };
}
