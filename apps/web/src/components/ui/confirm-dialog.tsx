"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "./button";
import { Dialog, DialogContent, DialogTitle } from "./dialog";

/** A modal confirmation: Cancel (also Escape or a click outside) or the confirming action. */
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
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      {/* The body may hold fields, so it is not announced as one description. */}
      <DialogContent aria-describedby={undefined}>
        <DialogTitle>{title}</DialogTitle>
        <div className="mt-2 text-sm text-slate-700">{children}</div>
        <div className="mt-5 flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onCancel}>
            {t("cancel")}
          </Button>
          <Button type="button" variant={variant} onClick={onConfirm} disabled={busy}>
            {busy ? t("working") : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
