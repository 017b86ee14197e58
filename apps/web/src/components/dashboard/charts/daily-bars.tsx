import { useTranslations } from "next-intl";
import { useId } from "react";
import { DataTable } from "@/components/ui/data-table";

export interface DailyBar {
  /** YYYY-MM-DD (UTC). */
  day: string;
  value: number;
  /** The value as people read it ("$1.20", "12 s"). */
  label: string;
}

const WIDTH = 600;
const HEIGHT = 160;
const GAP = 2;

/**
 * A plain SVG bar per day that scales to its container. Screen readers get the title and a summary
 * instead of the shapes, and the same numbers as a table; each bar's tooltip carries its day and value.
 */
export function DailyBars({ title, bars, testId }: { title: string; bars: DailyBar[]; testId: string }) {
  const t = useTranslations("dailyBars");
  const id = useId();
  const max = Math.max(0, ...bars.map((b) => b.value));
  const slot = WIDTH / Math.max(1, bars.length);
  const total = bars.filter((b) => b.value > 0).length;
  return (
    <figure data-testid={testId}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-40 w-full"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>
          {t("summary", {
            days: bars.length,
            withValue: total,
            highest: bars.find((b) => b.value === max && max > 0)?.label ?? t("none"),
          })}
        </desc>
        <line x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-slate-300" />
        {bars.map((b, i) => {
          const h = max > 0 ? Math.max(b.value > 0 ? 2 : 0, (b.value / max) * (HEIGHT - 8)) : 0;
          return (
            <rect
              key={b.day}
              data-day={b.day}
              x={i * slot + GAP / 2}
              y={HEIGHT - h}
              width={Math.max(1, slot - GAP)}
              height={h}
              className="fill-slate-700"
            >
              <title>{`${b.day}: ${b.label}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="mt-1 flex justify-between text-xs text-slate-600" aria-hidden>
        <span>{bars[0]?.day}</span>
        <span>{bars[bars.length - 1]?.day}</span>
      </figcaption>
      <DataTable
        label={title}
        srOnly
        rows={bars}
        rowKey={(b) => b.day}
        columns={[
          { id: "day", header: t("day"), rowHeader: true, cell: (b) => b.day },
          { id: "value", header: t("value"), cell: (b) => b.label },
        ]}
      />
    </figure>
  );
}
