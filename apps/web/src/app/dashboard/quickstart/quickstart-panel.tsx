"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { formatAmount } from "@vgen/contracts";
import { CodeSamples, KEY_PLACEHOLDER } from "@/components/dashboard/code-samples";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { SelectField } from "@/components/ui/field";
import { ErrorNote, Spinner } from "@/components/ui/states";
import { usePricePerSecond } from "@/i18n/format";
import { useTRPC } from "@/trpc/client";
import { NewKeyReveal } from "../api-keys/new-key-reveal";
import { isLiveKey, readIssuedKey, rememberIssuedKey, forgetIssuedKey, type IssuedKey } from "../api-keys/session-key";

const PREFERRED_MODEL = "gen-3.1-fast";

export function QuickstartPanel({ baseUrl }: { baseUrl: string }) {
  const t = useTranslations("quickstart");
  const tn = useTranslations("nav");
  const perSecond = usePricePerSecond();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const catalog = useQuery(trpc.catalog.list.queryOptions());
  const me = useQuery(trpc.account.me.queryOptions());
  const [stored, setStored] = useState<IssuedKey | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [justIssued, setJustIssued] = useState(false);
  const [model, setModel] = useState<string | null>(null);

  // sessionStorage exists only in the browser: read it after mounting. The key issued at sign-up is
  // revealed in full on this first visit only.
  useEffect(() => {
    const issued = readIssuedKey();
    setStored(issued);
    if (issued?.fresh) {
      rememberIssuedKey({ ...issued, fresh: false });
      setJustIssued(true);
    }
    setLoaded(true);
  }, []);

  // A remembered key that has since been revoked (here or elsewhere) is not offered.
  const liveIds = new Set(keys.data?.filter((k) => k.status === "active").map((k) => k.id));
  const usable = stored && keys.data ? (liveIds.has(stored.id) ? stored : null) : null;
  useEffect(() => {
    if (stored && keys.data && !keys.isFetching && !liveIds.has(stored.id)) {
      forgetIssuedKey(stored.id);
      setStored(null);
    }
  });

  const issue = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: async (k) => {
        const issued = { id: k.id, key: k.key, prefix: k.prefix, name: k.name, livemode: k.livemode };
        rememberIssuedKey(issued);
        // The refreshed list must hold the new key before it is shown, or it would look revoked.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.account.me.queryKey() }),
        ]);
        setStored(issued);
        setJustIssued(true);
      },
    }),
  );

  const models = catalog.data ?? [];
  const chosen = model ?? (models.find((m) => m.id === PREFERRED_MODEL) ?? models[0])?.id ?? PREFERRED_MODEL;
  const liveCount = liveIds.size;
  const ready = loaded && !keys.isPending;
  const balance = me.data ? formatAmount(me.data.balanceMicros) : null;
  const liveZero =
    balance !== null && me.data && me.data.balanceMicros <= 0n ? (
      <p className="text-sm text-amber-900" data-testid="quickstart-live-zero">
        {t.rich("liveZero", {
          balance,
          funds: (chunks) => (
            <Link className="font-medium underline" href="/dashboard/invoices">
              {chunks}
            </Link>
          ),
        })}
      </p>
    ) : null;

  return (
    <>
      <PageHeader title={tn("quickstart")} description={t("description")} />
      <div className="space-y-6">
        <Card title={t("step1")}>
          {!ready ? (
            <Spinner label={t("checkingKeys")} />
          ) : keys.error ? (
            <ErrorNote error={keys.error} />
          ) : usable ? (
            <div className="space-y-3">
              {justIssued && (
                <NewKeyReveal
                  name={usable.name}
                  apiKey={usable.key}
                  title={isLiveKey(usable) ? undefined : t("signUpKeyTitle")}
                />
              )}
              <p className="text-sm text-slate-700" data-testid="quickstart-key-status">
                {t.rich("usingKey", {
                  prefix: usable.prefix,
                  name: usable.name,
                  code: (chunks) => <code className="font-mono">{chunks}</code>,
                })}
              </p>
              {balance !== null && (
                <p className="text-sm font-medium text-slate-800" data-testid="quickstart-key-mode">
                  {isLiveKey(usable) ? t("modeLive", { balance }) : t("modeTest", { balance })}
                </p>
              )}
              {isLiveKey(usable) && liveZero}
            </div>
          ) : (
            <div className="space-y-3" data-testid="quickstart-key-status">
              <p className="text-sm text-slate-700">
                {t.rich("placeholder", {
                  placeholder: KEY_PLACEHOLDER,
                  code: (chunks) => <code className="rounded bg-slate-100 px-1 font-mono">{chunks}</code>,
                })}
                {liveCount > 0 ? t("haveKeys") : t("noKeys")}
              </p>
              {liveZero}
              <div className="flex flex-wrap items-center gap-3">
                <Button
                  type="button"
                  onClick={() => issue.mutate({ name: t("testKeyName"), livemode: false })}
                  disabled={issue.isPending}
                >
                  {issue.isPending ? t("issuing") : t("issueTest")}
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => issue.mutate({ name: t("keyName") })}
                  disabled={issue.isPending}
                >
                  {t("issueLive")}
                </Button>
                <Link href="/dashboard/api-keys" className="text-sm font-medium text-slate-900 underline">
                  {t("manageKeys")}
                </Link>
              </div>
              <ErrorNote error={issue.error} />
            </div>
          )}
        </Card>

        <Card
          title={t("step2")}
          description={t.rich("step2Hint", {
            baseUrl,
            code: (chunks) => <code className="font-mono text-slate-700">{chunks}</code>,
          })}
          actions={
            models.length > 0 ? (
              <div className="w-56">
                <SelectField label={t("model")} value={chosen} onChange={(e) => setModel(e.target.value)}>
                  {models.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.id} · {perSecond(m.priceMicrosPerSecond)}
                    </option>
                  ))}
                </SelectField>
              </div>
            ) : null
          }
        >
          {ready ? (
            <CodeSamples baseUrl={baseUrl} apiKey={usable?.key ?? KEY_PLACEHOLDER} model={chosen} />
          ) : (
            <Spinner label={t("preparing")} />
          )}
        </Card>

        <Card title={t("step3")}>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>
              {t.rich("nextPlayground", {
                link: (chunks) => (
                  <Link className="font-medium underline" href="/dashboard/playground">
                    {chunks}
                  </Link>
                ),
              })}
            </li>
            <li>
              {t.rich("nextModels", {
                link: (chunks) => (
                  <Link className="font-medium underline" href="/dashboard/models">
                    {chunks}
                  </Link>
                ),
              })}
            </li>
            <li>
              {t.rich("nextDocs", {
                docs: (chunks) => (
                  <Link className="font-medium underline" href="/docs">
                    {chunks}
                  </Link>
                ),
                errors: (chunks) => (
                  <Link className="font-medium underline" href="/errors">
                    {chunks}
                  </Link>
                ),
              })}
            </li>
          </ul>
        </Card>
      </div>
    </>
  );
}
