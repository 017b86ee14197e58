"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { ErrorNote } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { DeliveryLog } from "./delivery-log";
import { EndpointsCard } from "./endpoints-card";
import { ScrollRegion } from "@/components/ui/scroll-region";

const VERIFY_SNIPPET = `import { Webhook } from "standardwebhooks"; // npm i standardwebhooks

const wh = new Webhook(process.env.VGEN_WEBHOOK_SECRET); // "whsec_..."

app.post("/hooks/vgen", express.raw({ type: "application/json" }), (req, res) => {
  try {
    // Checks webhook-signature against the raw body and rejects timestamps older than 5 minutes.
    const event = wh.verify(req.body, req.headers);
    // Deliveries are at-least-once: skip a webhook-id you have already processed.
    handle(event.type, event.data);
    res.sendStatus(200);
  } catch {
    res.sendStatus(400);
  }
});`;

function SecretCard() {
  const t = useTranslations("webhooks");
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [rotated, setRotated] = useState(false);
  const secret = useQuery({ ...trpc.webhooks.secret.queryOptions(), enabled: revealed, staleTime: 0 });
  const rotate = useMutation(
    trpc.webhooks.rotateSecret.mutationOptions({
      // A read of the secret still in flight would land after the rotation and show the old secret.
      onMutate: () => qc.cancelQueries({ queryKey: trpc.webhooks.secret.queryKey() }),
      onSuccess: (res) => {
        qc.setQueryData(trpc.webhooks.secret.queryKey(), res);
        setRevealed(true);
        setConfirming(false);
        setRotated(true);
      },
    }),
  );

  const fetchSecret = async () => (await qc.fetchQuery(trpc.webhooks.secret.queryOptions())).secret;

  return (
    <Card title={t("secretTitle")} description={t("secretHint")}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="sr-only">{revealed ? t("secretLabel") : t("secretLabelHidden")}</span>
        <code
          data-testid="webhook-secret"
          className="min-w-0 flex-1 truncate rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm"
        >
          {revealed ? (secret.data?.secret ?? t("loading")) : "whsec_••••••••••••••••••••••••••••••••"}
        </code>
        <Button type="button" variant="secondary" onClick={() => setRevealed((r) => !r)} aria-pressed={revealed}>
          {revealed ? t("hide") : t("reveal")}
        </Button>
        <CopyButton text={fetchSecret} />
        <Button type="button" variant="danger" onClick={() => setConfirming(true)}>
          {t("rotateSecret")}
        </Button>
      </div>
      {rotated && (
        <p role="status" className="mt-3 text-sm text-emerald-800">
          {t("rotated")}
        </p>
      )}
      <ErrorNote error={secret.error ?? rotate.error} />
      <ConfirmDialog
        open={confirming}
        title={t("rotateQuestion")}
        confirmLabel={t("rotate")}
        busy={rotate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => rotate.mutate()}
      >
        {t("rotateBody")}
      </ConfirmDialog>
    </Card>
  );
}

function VerifyCard() {
  const t = useTranslations("webhooks");
  const code = (chunks: ReactNode) => <code className="font-mono">{chunks}</code>;
  return (
    <Card title={t("verifyTitle")} description={t("verifyHint")}>
      <div className="space-y-3 text-sm text-slate-700">
        <p>{t("headers")}</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>{t.rich("headerId", { code })}</li>
          <li>{t.rich("headerTimestamp", { code })}</li>
          <li>{t.rich("headerSignature", { code, signed: "{webhook-id}.{webhook-timestamp}.{raw body}" })}</li>
        </ul>
        <p>{t.rich("body", { code, body: '{"type": "<event>", "data": <generation record>}' })}</p>
        <ScrollRegion label={t("verifyTitle")} className="overflow-x-auto rounded-md bg-slate-900">
          <pre className="p-3 text-xs leading-relaxed text-slate-100">
            <code>{VERIFY_SNIPPET}</code>
          </pre>
        </ScrollRegion>
        <p>{t.rich("listenHint", { code })}</p>
      </div>
    </Card>
  );
}

export function WebhooksPanel() {
  const t = useTranslations("webhooks");
  const tn = useTranslations("nav");
  return (
    <>
      <PageHeader title={tn("webhooks")} description={t("description")} />
      <div className="space-y-6">
        <EndpointsCard />
        <SecretCard />
        <DeliveryLog />
        <VerifyCard />
      </div>
    </>
  );
}
