"use client";

import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from "react";

type Notify = (message: string) => void;

const ToastContext = createContext<Notify>(() => {});

/**
 * Short notices (a value copied, ...) on Radix's toasts: each is read out by screen readers as it appears
 * (a polite status), stays while hovered or focused, and F8 moves focus to them.
 */
export function Toaster({ children }: { children: ReactNode }) {
  const t = useTranslations("common");
  const [toasts, setToasts] = useState<{ id: number; message: string }[]>([]);
  const nextId = useRef(0);
  const notify = useCallback<Notify>((message) => {
    nextId.current += 1;
    const id = nextId.current;
    setToasts((list) => [...list, { id, message }]);
  }, []);
  const remove = (id: number) => setToasts((list) => list.filter((x) => x.id !== id));
  return (
    <ToastContext.Provider value={notify}>
      <ToastPrimitive.Provider label={t("notification")} duration={4000}>
        {children}
        {toasts.map((x) => (
          <ToastPrimitive.Root
            key={x.id}
            type="background"
            onOpenChange={(open) => !open && remove(x.id)}
            className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-900 shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-600"
          >
            <ToastPrimitive.Description>{x.message}</ToastPrimitive.Description>
            <ToastPrimitive.Close
              aria-label={t("dismiss")}
              className="grid h-6 w-6 shrink-0 place-items-center rounded text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-slate-600"
            >
              <X aria-hidden className="h-4 w-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        ))}
        <ToastPrimitive.Viewport
          label={t("notifications", { hotkey: "F8" })}
          className="fixed right-4 bottom-4 z-[60] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 outline-none"
        />
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  );
}

/** Shows a notice; outside a Toaster it does nothing. */
export function useToast(): Notify {
  return useContext(ToastContext);
}
