import type { ReactNode } from "react";

/** Inline markdown of the OpenAPI descriptions: `code`, **bold**, [text](url). No HTML is ever injected. */
export function Inline({ text }: { text: string }) {
  const out: ReactNode[] = [];
  const re = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  let i = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1] !== undefined) {
      out.push(
        <code key={i++} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">
          {m[1]}
        </code>,
      );
    } else if (m[2] !== undefined) {
      out.push(
        <strong key={i++} className="font-semibold text-slate-900">
          {m[2]}
        </strong>,
      );
    } else if (m[4] !== undefined) {
      out.push(
        <a key={i++} href={localize(m[4])} className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900">
          {m[3]}
        </a>,
      );
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return <>{out}</>;
}

/** Links to this deployment become relative, so the page works behind any host name. */
function localize(url: string): string {
  return /^https?:\/\/[^/]+(\/errors#.*)$/.exec(url)?.[1] ?? url;
}

/** Paragraphs and "- " bullet lists. */
export function Markdown({ text, className = "" }: { text: string; className?: string }) {
  const blocks = text.split(/\n{2,}/);
  return (
    <div className={`space-y-3 ${className}`}>
      {blocks.map((block, bi) => {
        const lines = block.split("\n");
        const bullets = lines.filter((l) => l.startsWith("- "));
        if (bullets.length > 0 && bullets.length === lines.length - (lines[0]!.startsWith("- ") ? 0 : 1)) {
          const lead = lines[0]!.startsWith("- ") ? null : lines[0]!;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks of a static text, never reordered
            <div key={bi}>
              {lead && (
                <p>
                  <Inline text={lead} />
                </p>
              )}
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {bullets.map((b, li) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: items of a static list, never reordered
                  <li key={li}>
                    <Inline text={b.slice(2)} />
                  </li>
                ))}
              </ul>
            </div>
          );
        }
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks of a static text, never reordered
          <p key={bi}>
            <Inline text={block} />
          </p>
        );
      })}
    </div>
  );
}
