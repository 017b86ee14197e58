"use client";

import { ChevronRight } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { formatAmount } from "@vgen/contracts";
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

interface GenerationLine {
  generationId: string;
  createdAt: Date;
  netMicros: bigint;
  outcome: Outcome;
  balanceAfterMicros: bigint;
  entries: Entry[];
}

const amountClass = (micros: bigint) => (micros < 0n ? "text-red-700" : "text-emerald-700");
const signed = (micros: bigint) => `${micros > 0n ? "+" : ""}${formatAmount(micros)}`;

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

/** One ledger entry: a line of its own, or (nested) one movement of a generation's line. */
export function EntryRow({ e, id, nested = false }: { e: Entry; id?: string; nested?: boolean }) {
  const tl = useTranslations("ledgerType");
  return (
    <tr
      id={id}
      data-testid={nested ? "ledger-entry-row" : "ledger-row"}
      data-type={e.type}
      className={nested ? "bg-slate-50" : undefined}
    >
      <td className={`whitespace-nowrap py-2 tabular-nums text-slate-700 ${nested ? "pr-5 pl-11" : "px-5"}`}>
        <UtcTime value={e.createdAt} />
      </td>
      <td className="px-3 py-2">
        <Badge tone={TYPE_TONES[e.type]}>{tl(e.type)}</Badge>
      </td>
      <td
        className={`whitespace-nowrap px-3 py-2 text-right font-medium tabular-nums ${amountClass(e.amountMicros)}`}
        data-testid="ledger-amount"
      >
        {signed(e.amountMicros)}
      </td>
      <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums" data-testid="ledger-balance-after">
        {formatAmount(e.balanceAfterMicros)}
      </td>
      <td className="px-5 py-2 text-slate-700">
        {e.generationId ? <GenerationLink id={e.generationId} /> : <span>{e.reason ?? e.reference}</span>}
      </td>
    </tr>
  );
}

/**
 * A generation's hold, release, charge and refund as one line: what it cost and how it ended; its
 * disclosure button shows the movements beneath it.
 */
export function GenerationRows({ line }: { line: GenerationLine }) {
  const t = useTranslations("billing");
  const [open, setOpen] = useState(false);
  const ids = line.entries.map((e) => `ledger-${e.id}`);
  const cost = formatAmount(-line.netMicros);
  return (
    <>
      <tr data-testid="ledger-row" data-type="generation" data-outcome={line.outcome}>
        <td className="whitespace-nowrap px-5 py-2 tabular-nums text-slate-700">
          <UtcTime value={line.createdAt} />
        </td>
        <td className="px-3 py-2">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={ids.join(" ")}
            onClick={() => setOpen(!open)}
            className="inline-flex items-center gap-1 rounded-md text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-600"
          >
            <ChevronRight aria-hidden="true" className={`size-4 shrink-0 transition-transform ${open ? "rotate-90" : ""}`} />
            <Badge tone={OUTCOME_TONES[line.outcome]}>{t(`outcome.${line.outcome}`, { amount: cost })}</Badge>{" "}
            <span className="text-xs text-slate-600">{t("entries", { count: line.entries.length })}</span>
          </button>
        </td>
        <td
          className={`whitespace-nowrap px-3 py-2 text-right font-medium tabular-nums ${amountClass(line.netMicros)}`}
          data-testid="ledger-amount"
        >
          {signed(line.netMicros)}
        </td>
        <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums" data-testid="ledger-balance-after">
          {formatAmount(line.balanceAfterMicros)}
        </td>
        <td className="px-5 py-2 text-slate-700">
          <GenerationLink id={line.generationId} />
        </td>
      </tr>
      {open && line.entries.map((e, i) => <EntryRow key={e.id} e={e} id={ids[i]} nested />)}
    </>
  );
}
