"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import { type ComponentProps, useRef } from "react";

/**
 * The modal dialog, on Radix's: focus trapped inside, Escape and a click outside close it, focus goes
 * back to what opened it, the rest of the page is hidden from assistive technology. Its panel is
 * portaled to the body, so nothing around the opener (a right-aligned table cell) styles it.
 */
export const Dialog = DialogPrimitive.Root;

export function DialogContent({
  className = "",
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  // Radix returns focus to a Dialog.Trigger; dialogs opened from state (a row's button) have none, so
  // the element focused when it opened is remembered and focused again on close.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
      <DialogPrimitive.Content
        onOpenAutoFocus={(e) => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          onOpenAutoFocus?.(e);
        }}
        onCloseAutoFocus={(e) => {
          onCloseAutoFocus?.(e);
          if (e.defaultPrevented || !opener.current?.isConnected) return;
          e.preventDefault();
          opener.current.focus();
        }}
        className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-slate-200 bg-white p-5 text-left shadow-xl focus:outline-none ${className}`}
        {...props}
      >
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className = "", ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={`text-base font-semibold text-slate-900 ${className}`} {...props} />;
}
