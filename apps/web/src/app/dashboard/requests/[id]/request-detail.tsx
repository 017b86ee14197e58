"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Card, PageHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Badge, ErrorNote, Spinner } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { keyLabel, statusTone } from "../request-format";
import { UtcTime } from "@/components/ui/utc-time";
import { RequestBody } from "./request-body";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** One request of the account: everything the request log recorded about it. */
export function RequestDetail({ id }: { id: string }) {
  const t = useTranslations("requests");
  const trpc = useTRPC();
  const params = useSearchParams();
  const request = useQuery({ ...trpc.requests.get.queryOptions({ id }), retry: false });
  const back = `/dashboard/requests${params.size ? `?${params}` : ""}`;
  const r = request.data;

  return (
    <>
      <p className="mb-3 text-sm">
        <Link className="font-medium underline" href={back}>
          {t("all")}
        </Link>
      </p>
      <PageHeader title={t("request")} description={<span className="break-all font-mono">{id}</span>} />
      {request.isPending ? (
        <Spinner label={t("loadingOne")} />
      ) : request.error ? (
        <ErrorNote error={request.error} />
      ) : r ? (
        <Card title={`${r.method} ${r.path}`}>
          <dl className="divide-y divide-slate-100" data-testid="request-detail">
            <Row label={t("timeUtc")}>
              <UtcTime value={r.createdAt} />
            </Row>
            <Row label={t("status")}>
              <Badge tone={statusTone(r.status)}>{r.status}</Badge>
            </Row>
            <Row label={t("errorCode")}>
              {r.errorCode ? (
                <Link className="font-mono underline" href={`/errors#${r.errorCode}`}>
                  {r.errorCode}
                </Link>
              ) : (
                "—"
              )}
            </Row>
            <Row label={t("latency")}>{t("ms", { value: String(r.latencyMs) })}</Row>
            <Row label={t("apiKey")}>{r.key ? keyLabel(r.key, t("revokedSuffix")) : (r.apiKeyId ?? "—")}</Row>
            <Row label={t("model")}>{r.modelId ?? "—"}</Row>
            <Row label={t("requestId")}>
              <span className="font-mono">{r.requestId}</span> <CopyButton text={r.requestId} label={t("copyId")} />
            </Row>
            <Row label={t("generation")}>
              {r.generationId ? (
                <Link className="font-mono underline" href={`/dashboard/playground?id=${encodeURIComponent(r.generationId)}`}>
                  {r.generationId}
                </Link>
              ) : (
                "—"
              )}
            </Row>
          </dl>
          <RequestBody kind="request" text={r.requestBody} truncated={r.requestBodyTruncated} />
          <RequestBody kind="response" text={r.responseBody} truncated={r.responseBodyTruncated} />
          <p className="mt-4 text-sm text-slate-600">
            {t.rich("supportHint", { code: (chunks) => <code className="font-mono">{chunks}</code> })}
          </p>
        </Card>
      ) : null}
    </>
  );
}
