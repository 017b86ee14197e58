"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextAreaField, TextField } from "@/components/ui/field";

export interface ActionValues {
  amount: string;
  text: string;
}

/**
 * A button that opens a confirmation dialog with the inputs a staff action needs: an optional
 * amount and a required reason (or response). The server validates again and audits the action.
 */
export function StaffAction({
  label,
  title,
  description,
  confirmLabel,
  variant = "primary",
  buttonVariant = "secondary",
  amount,
  text = { label: "Reason", hint: "Kept in the audit log." },
  onSubmit,
  disabled,
}: {
  label: string;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  variant?: "primary" | "danger";
  buttonVariant?: "primary" | "secondary" | "danger" | "ghost";
  amount?: { label: string; hint?: string; initial?: string; pattern?: RegExp };
  text?: { label: string; hint?: string; initial?: string; min?: number } | null;
  onSubmit: (values: ActionValues) => Promise<unknown>;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [values, setValues] = useState<ActionValues>({ amount: amount?.initial ?? "", text: text?.initial ?? "" });
  const [error, setError] = useState<string | null>(null);
  const pattern = amount?.pattern ?? /^\$?\d{1,7}(\.\d{1,6})?$/;

  async function confirm() {
    if (busy) return;
    if (amount && !pattern.test(values.amount.trim())) return setError(`Enter a valid amount (${amount.hint ?? "e.g. 5.00"}).`);
    const min = text?.min ?? 3;
    if (text && values.text.trim().length < min) return setError(`${text.label} is required (at least ${min} characters).`);
    setError(null);
    setBusy(true);
    try {
      await onSubmit(values);
      setOpen(false);
    } catch (err) {
      setError(err instanceof Error ? err.message : "Something went wrong.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        type="button"
        variant={buttonVariant}
        disabled={disabled}
        onClick={() => {
          setValues({ amount: amount?.initial ?? "", text: text?.initial ?? "" });
          setError(null);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={confirmLabel}
        variant={variant}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      >
        <div className="space-y-3">
          {description && <div>{description}</div>}
          {amount && (
            <TextField
              label={amount.label}
              hint={amount.hint}
              inputMode="decimal"
              value={values.amount}
              onChange={(e) => setValues((v) => ({ ...v, amount: e.target.value }))}
            />
          )}
          {text && (
            <TextAreaField
              label={text.label}
              hint={text.hint}
              rows={3}
              maxLength={2000}
              value={values.text}
              onChange={(e) => setValues((v) => ({ ...v, text: e.target.value }))}
            />
          )}
          {error && (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          )}
        </div>
      </ConfirmDialog>
    </>
  );
}
