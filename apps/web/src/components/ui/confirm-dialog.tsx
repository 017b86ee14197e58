"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "./button";

/**
 * A modal confirmation on the native <dialog> (focus trap, Escape to cancel, focus restored). The dialog
 * stays in the DOM where it is opened, so it sets its own alignment rather than inherit a table cell's.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  variant = "danger",
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  variant?: "danger" | "primary";
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations("common");
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl text-left border border-slate-200 bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      {open && (
        <div className="p-5">
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          <div className="mt-2 text-sm text-slate-700">{children}</div>
          <div className="mt-5 flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onCancel} autoFocus>
              {t("cancel")}
            </Button>
            <Button type="button" variant={variant} onClick={onConfirm} disabled={busy}>
              {busy ? t("working") : confirmLabel}
            </Button>
          </div>
        </div>
      )}
    </dialog>
  );
}
