"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type OptionalNotification, SECURITY_NOTIFICATIONS } from "@vgen/contracts";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormError, QueryState } from "@/components/ui/states";
import { useApiErrorText } from "@/i18n/api-error";
import { useTRPC } from "@/trpc/client";

const SWITCH =
  "relative mt-0.5 h-5 w-9 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-400 transition-colors " +
  "before:absolute before:top-0.5 before:left-0.5 before:h-4 before:w-4 before:rounded-full before:bg-white before:transition-transform " +
  "checked:bg-slate-900 checked:before:translate-x-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 " +
  "disabled:cursor-not-allowed disabled:bg-slate-600";

/** One notice: a switch, its name and what it is for. */
function NoticeSwitch({
  name,
  label,
  hint,
  defaultChecked,
  disabled,
}: {
  name: string;
  label: string;
  hint: string;
  defaultChecked: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <li className="flex items-start gap-3 py-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        role="switch"
        className={SWITCH}
        defaultChecked={defaultChecked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
      />
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
    </li>
  );
}

/** Which notification emails the owner gets (docs/api.md#notification-emails): money notices can be turned off, security ones cannot. */
export function NotificationsPanel() {
  const t = useTranslations("notifications");
  const errorText = useApiErrorText();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.account.notificationSettings.queryOptions());
  const save = useMutation(
    trpc.account.setNotificationSettings.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.account.notificationSettings.queryKey(), data),
    }),
  );

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const enabled = (settings.data ?? []).map((s) => s.kind).filter((kind) => form.get(kind) === "on");
    save.mutate({ enabled });
  }

  return (
    <div id="notifications" className="scroll-mt-6">
      <Card title={t("title")} description={t("description")}>
        <QueryState query={settings}>
          {(data) => (
            <form onSubmit={onSubmit} aria-label={t("title")} className="space-y-5">
              <fieldset>
                <legend className="text-sm font-semibold text-slate-900">{t("optionalLegend")}</legend>
                <ul className="divide-y divide-slate-100">
                  {data.map((s) => (
                    <NoticeSwitch
                      key={`${s.kind}:${s.enabled}`}
                      name={s.kind}
                      label={t(`kinds.${s.kind satisfies OptionalNotification}.label`)}
                      hint={t(`kinds.${s.kind}.hint`)}
                      defaultChecked={s.enabled}
                    />
                  ))}
                </ul>
              </fieldset>
              <fieldset>
                <legend className="text-sm font-semibold text-slate-900">{t("securityLegend")}</legend>
                <p className="text-sm text-slate-600">{t("securityHint")}</p>
                <ul className="divide-y divide-slate-100">
                  {SECURITY_NOTIFICATIONS.map((kind) => (
                    <NoticeSwitch
                      key={kind}
                      name={kind}
                      label={t(`kinds.${kind}.label`)}
                      hint={t(`kinds.${kind}.hint`)}
                      defaultChecked
                      disabled
                    />
                  ))}
                </ul>
              </fieldset>
              <p className="text-sm text-slate-600">
                {t.rich("balanceAlerts", {
                  link: (chunks) => (
                    <Link href="/dashboard/billing" className="font-medium text-slate-900 underline">
                      {chunks}
                    </Link>
                  ),
                })}
              </p>
              {save.error && <FormError>{errorText(save.error)}</FormError>}
              {save.isSuccess && (
                <p role="status" className="text-sm font-medium text-green-800">
                  {t("saved")}
                </p>
              )}
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? t("saving") : t("save")}
              </Button>
            </form>
          )}
        </QueryState>
      </Card>
    </div>
  );
}
