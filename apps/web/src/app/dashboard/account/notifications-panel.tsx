"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type OptionalNotification, SECURITY_NOTIFICATIONS } from "@vgen/contracts";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { useSchemaForm, useServerErrors } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormError, QueryState } from "@/components/ui/states";
import { SetNotificationSettingsInput } from "@/server/routers/account/setNotificationSettings.schema";
import { useTRPC } from "@/trpc/client";

const SWITCH =
  "relative mt-0.5 h-5 w-9 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-400 transition-colors " +
  "before:absolute before:top-0.5 before:left-0.5 before:h-4 before:w-4 before:rounded-full before:bg-white before:transition-transform " +
  "checked:bg-slate-900 checked:before:translate-x-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 " +
  "disabled:cursor-not-allowed disabled:bg-slate-600";

/** One notice: a switch, its name and what it is for. */
function NoticeSwitch({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  /** Left out for a notice that cannot be turned off: the switch is shown on and disabled. */
  onChange?: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-start gap-3 py-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className={SWITCH}
        checked={checked}
        aria-checked={checked}
        disabled={!onChange}
        onChange={(e) => onChange?.(e.target.checked)}
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
  const trpc = useTRPC();
  const settings = useQuery(trpc.account.notificationSettings.queryOptions());
  return (
    <div id="notifications" className="scroll-mt-6">
      <Card title={t("title")} description={t("description")}>
        <QueryState query={settings}>{(data) => <NotificationsForm settings={data} />}</QueryState>
      </Card>
    </div>
  );
}

function NotificationsForm({ settings }: { settings: { kind: OptionalNotification; enabled: boolean }[] }) {
  const t = useTranslations("notifications");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useSchemaForm(SetNotificationSettingsInput, {
    defaultValues: { enabled: settings.filter((s) => s.enabled).map((s) => s.kind) },
  });
  const showServerErrors = useServerErrors(form);
  const enabled = form.watch("enabled");
  const { errors, isSubmitting } = form.formState;
  const save = useMutation(
    trpc.account.setNotificationSettings.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.account.notificationSettings.queryKey(), data),
    }),
  );

  const onSubmit = form.handleSubmit((values) => save.mutateAsync(values).then(() => {}, showServerErrors));

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t("title")} className="space-y-5">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t("optionalLegend")}</legend>
        <ul className="divide-y divide-slate-100">
          {settings.map(({ kind }) => (
            <NoticeSwitch
              key={kind}
              label={t(`kinds.${kind}.label`)}
              hint={t(`kinds.${kind}.hint`)}
              checked={enabled.includes(kind)}
              onChange={(on) =>
                form.setValue("enabled", on ? [...enabled, kind] : enabled.filter((k) => k !== kind), { shouldDirty: true })
              }
            />
          ))}
        </ul>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t("securityLegend")}</legend>
        <p className="text-sm text-slate-600">{t("securityHint")}</p>
        <ul className="divide-y divide-slate-100">
          {SECURITY_NOTIFICATIONS.map((kind) => (
            <NoticeSwitch key={kind} label={t(`kinds.${kind}.label`)} hint={t(`kinds.${kind}.hint`)} checked />
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
      {errors.root?.server && <FormError>{errors.root.server.message}</FormError>}
      {save.isSuccess && (
        <p role="status" className="text-sm font-medium text-green-800">
          {t("saved")}
        </p>
      )}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t("saving") : t("save")}
      </Button>
    </form>
  );
}
