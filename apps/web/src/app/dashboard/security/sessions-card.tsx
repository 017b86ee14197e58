"use client";

import { formatUtc } from "@vgen/contracts";
import { useTranslations } from "next-intl";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Badge, ErrorNote, Spinner } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";

/** A short name for a browser from its user agent ("Chrome on Linux"); the full string is in the title. */
function deviceName(userAgent: string | null, t: ReturnType<typeof useTranslations<"security">>): string {
  if (!userAgent) return t("unknownDevice");
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Chrome\//.test(userAgent)
      ? "Chrome"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : userAgent.split(/[ /]/, 1)[0];
  const os = /iPhone|iPad/.test(userAgent)
    ? "iOS"
    : /Android/.test(userAgent)
      ? "Android"
      : /Mac OS X/.test(userAgent)
        ? "macOS"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  return os ? t("deviceOn", { browser: browser ?? "", os }) : (browser ?? t("unknownDevice"));
}

export function SessionsCard() {
  const t = useTranslations("security");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useQuery(trpc.security.sessions.queryOptions());
  const refresh = () => queryClient.invalidateQueries(trpc.security.sessions.queryFilter());
  const revoke = useMutation(trpc.security.revokeSession.mutationOptions({ onSuccess: refresh }));
  const revokeOthers = useMutation(trpc.security.revokeOtherSessions.mutationOptions({ onSuccess: refresh }));
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <Card
      title={t("sessions")}
      description={t("sessionsHint")}
      actions={
        <Button
          type="button"
          variant="secondary"
          disabled={others === 0 || revokeOthers.isPending}
          onClick={() => revokeOthers.mutate()}
        >
          {t("signOutOthers")}
        </Button>
      }
    >
      {sessions.isPending && <Spinner />}
      <ErrorNote error={sessions.error ?? revoke.error ?? revokeOthers.error} />
      <ul className="divide-y divide-slate-100" aria-label={t("sessions")}>
        {sessions.data?.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="session-row">
            <div className="min-w-0">
              <p
                className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900"
                title={s.userAgent ?? undefined}
              >
                {deviceName(s.userAgent, t)}
                {s.current && <Badge tone="green">{t("thisDevice")}</Badge>}
              </p>
              <p className="text-xs text-slate-500">
                {t("sessionLine", {
                  ip: s.ip ?? t("unknownAddress"),
                  signedIn: formatUtc(s.createdAt),
                  lastActive: formatUtc(s.lastActiveAt),
                })}
              </p>
            </div>
            {!s.current && (
              <Button
                type="button"
                variant="secondary"
                aria-label={t("signOutLabel", { device: deviceName(s.userAgent, t), ip: s.ip ?? t("unknownAddress") })}
                disabled={revoke.isPending}
                onClick={() => revoke.mutate({ sessionId: s.id })}
              >
                {t("signOut")}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
