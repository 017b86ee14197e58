"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import {
  ASPECT_RATIOS,
  formatAmount,
  formatUtc,
  MAX_PROMPT_CHARS,
  MAX_REFERENCE_URLS,
  costMicrosFor,
  parseUsd,
  quoteClip,
  type GenerationRecordT,
  type QuoteRecordT,
} from "@vgen/contracts";
import { VideoPlayer } from "@/components/dashboard/video-player";
import { useSchemaForm, useServerErrors } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { useLivemode } from "@/dashboard-mode/use-livemode";
import { SelectField, TextAreaField, TextField } from "@/components/ui/field";
import { Badge, EmptyState, ErrorNote, FormError, Spinner } from "@/components/ui/states";
import { useApiErrorText } from "@/i18n/api-error";
import { usePricePerSecond } from "@/i18n/format";
import { useModelPurpose } from "@/i18n/model-purpose";
import { PlaygroundCreateInput } from "@/server/routers/playground/create.schema";
import type { AppRouter } from "@/server/routers/_app";
import { useTRPC } from "@/trpc/client";
import type { inferRouterOutputs } from "@trpc/server";
import type { Prefill, ReferenceMode } from "./prefill";
import { useCountdown, useGenerationStream } from "./use-generation-stream";

const DEFAULT_MODEL = "gen-3.1-fast";

/** What playground.create and playground.get return: the API's record and the generation's price. */
type PlaygroundRecord = GenerationRecordT & { priceMicrosPerSecond: bigint };

const STATUS_TONE = { processing: "blue", completed: "green", failed: "red", canceled: "gray" } as const;

function formatEta(seconds: number, t: ReturnType<typeof useTranslations<"playground">>): string {
  if (seconds <= 0) return t("etaNow");
  if (seconds < 60) return t("etaSeconds", { seconds });
  return t("etaMinutes", { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
}

export function PlaygroundPanel({
  initialModel,
  initialGenerationId,
  prefill,
}: {
  initialModel?: string;
  initialGenerationId?: string;
  /** Inputs of an earlier generation ("Run again"), laid over the model's defaults. */
  prefill?: Prefill | null;
}) {
  const t = useTranslations("playground");
  const tn = useTranslations("nav");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const catalog = useQuery(trpc.catalog.list.queryOptions());
  const [started, setStarted] = useState<PlaygroundRecord | null>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);

  // Opened from a link (?id=vid_…, e.g. the ledger): show that generation, live if it is still running.
  const linked = useQuery({
    ...trpc.playground.get.queryOptions({ id: initialGenerationId ?? "" }),
    enabled: !!initialGenerationId,
  });
  useEffect(() => {
    if (linked.data) setStarted((current) => current ?? linked.data);
  }, [linked.data]);

  const { tracked, streamFailed } = useGenerationStream(started);
  const eta = useCountdown(tracked);
  const record = tracked?.record ?? null;

  // The hold turns into a charge (or is released) at the end: refresh the balance then.
  const terminal = record && record.status !== "processing";
  useEffect(() => {
    if (terminal) void queryClient.invalidateQueries({ queryKey: trpc.account.me.queryKey() });
  }, [terminal, queryClient, trpc]);

  if (catalog.isPending) return <Spinner label={t("loadingModels")} />;
  if (catalog.error) return <ErrorNote error={catalog.error} />;
  const models = catalog.data;
  if (models.length === 0) return <EmptyState title={t("noModels")} />;

  return (
    <>
      <PageHeader title={tn("playground")} description={t("description")} />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
        <RequestCard
          models={models}
          initialModel={initialModel}
          prefill={prefill}
          onCreated={(created) => {
            setStarted(created);
            void queryClient.invalidateQueries({ queryKey: trpc.account.me.queryKey() });
            // A new clip is in the history, and an extension on its source's page ("Extended by").
            void queryClient.invalidateQueries({ queryKey: trpc.generations.pathKey() });
            requestAnimationFrame(() => resultRef.current?.focus());
          }}
        />

        <section
          aria-labelledby="pg-result"
          className="rounded-xl border border-slate-200 bg-white shadow-sm xl:sticky xl:top-8 xl:self-start"
        >
          <header className="border-b border-slate-100 px-5 py-4">
            <h2
              id="pg-result"
              ref={resultRef}
              tabIndex={-1}
              className="text-base font-semibold text-slate-900 focus:outline-none"
            >
              {t("result")}
            </h2>
          </header>
          <div className="space-y-4 px-5 py-4">
            {!record ? (
              <EmptyState title={t("nothingYet")}>{t("nothingYetHint")}</EmptyState>
            ) : (
              <GenerationView
                record={record}
                priceMicrosPerSecond={started?.priceMicrosPerSecond ?? 0n}
                eta={eta}
                streamFailed={streamFailed}
              />
            )}
          </div>
        </section>
      </div>
    </>
  );
}

type CatalogModel = inferRouterOutputs<AppRouter>["catalog"]["list"][number];

/**
 * The request form, checked by playground.create's own schema (the API's field rules); the model's
 * durations and sizes are what its selects offer, and the engine refuses any other under its field.
 */
function RequestCard({
  models,
  initialModel,
  prefill,
  onCreated,
}: {
  models: CatalogModel[];
  initialModel?: string;
  prefill?: Prefill | null;
  onCreated: (record: PlaygroundRecord) => void;
}) {
  const t = useTranslations("playground");
  const tu = useTranslations("units");
  const perSecond = usePricePerSecond();
  const purposeOf = useModelPurpose();
  const trpc = useTRPC();
  const me = useQuery(trpc.account.me.queryOptions());
  const livemode = useLivemode();

  // The requested model (?model=), else the cheapest default, with its defaults, then the inputs being
  // run again (a value the model no longer allows is refused under its field when sent).
  const first = models.find((x) => x.id === initialModel) ?? models.find((x) => x.id === DEFAULT_MODEL) ?? models[0]!;
  const { referenceMode: prefilledMode, extendFrom: prefilledExtend, ...prefilled } = prefill ?? {};
  const [referenceMode, setReferenceMode] = useState<ReferenceMode>(prefilledMode ?? "none");
  // The clip this one continues ("Extend"), until cleared: no field of the form, sent alongside it.
  const [extendFrom, setExtendFrom] = useState(prefilledExtend ?? "");
  const withExtend = <T extends object>(input: T) => (extendFrom ? { ...input, extendFrom } : input);
  // Fields of an image mode not chosen are unmounted, so they are not sent.
  const form = useSchemaForm(PlaygroundCreateInput, {
    shouldUnregister: true,
    defaultValues: {
      model: first.id,
      prompt: "",
      duration: first.duration.default,
      size: first.default_size,
      aspectRatio: "16:9",
      generateAudio: first.audio.supported ? first.audio.default : undefined,
      firstFrameUrl: "",
      lastFrameUrl: "",
      urls: ["", "", ""],
      ...prefilled,
    },
  });
  const { errors } = form.formState;
  const showServerErrors = useServerErrors(form);
  const create = useMutation(trpc.playground.create.mutationOptions());
  const quoteRequest = useMutation(trpc.playground.quote.mutationOptions());
  // A binding quote holds for the values it was made for: any edit drops it (the API would refuse it).
  const [quoted, setQuoted] = useState<{ values: string; quote: QuoteRecordT } | null>(null);
  const values = JSON.stringify([form.watch(), extendFrom]);
  const binding = quoted && quoted.values === values && Date.parse(quoted.quote.expires_at) > Date.now() ? quoted.quote : null;
  const onQuote = form.handleSubmit(async (input) => {
    const quote = await quoteRequest.mutateAsync(withExtend(input)).catch(showServerErrors);
    if (quote) setQuoted({ values: JSON.stringify([form.getValues(), extendFrom]), quote });
  });
  const onSubmit = form.handleSubmit(async (input) => {
    const record = await create.mutateAsync(withExtend({ ...input, quoteId: binding?.quote_id })).catch(showServerErrors);
    if (record) onCreated(record);
  });

  const [modelId, duration, size, prompt, firstFrameUrl, lastFrameUrl, generateAudio, n] = form.watch([
    "model",
    "duration",
    "size",
    "prompt",
    "firstFrameUrl",
    "lastFrameUrl",
    "generateAudio",
    "n",
  ]);
  const model = models.find((m) => m.id === modelId);
  // Keep what still fits a newly chosen model; otherwise take its default.
  const fitTo = (id: string) => {
    const m = models.find((x) => x.id === id);
    if (!m) return;
    const d = form.getValues("duration");
    if (d === undefined || d < m.duration.min || d > m.duration.max) form.setValue("duration", m.duration.default);
    if (!m.sizes.includes(form.getValues("size") ?? "")) form.setValue("size", m.default_size);
    if ((form.getValues("n") ?? 1) > m.max_outputs) form.setValue("n", 1);
  };

  // The API's own rule (what it holds for this request, sound priced as the server prices it), not a copy of it.
  const withAudio = !!model?.audio.supported && (generateAudio ?? model.audio.default);
  const quote = model
    ? quoteClip({ ...model, audioPriceMicros: model.audioPriceMicrosPerSecond }, duration ?? model.duration.default, withAudio)
    : null;
  // n clips hold n times one clip; under a binding quote, the create holds at most the quote's cost.
  const estimateMicros = (quote?.costMicros ?? 0n) * BigInt(n ?? 1);
  const quotedMicros = binding ? parseUsd(binding.cost) : null;
  const costMicros = quotedMicros !== null && quotedMicros < estimateMicros ? quotedMicros : estimateMicros;
  const balance = me.data?.balanceMicros;
  const paymentProblem = create.error?.data?.code === "PAYMENT_REQUIRED";
  const fieldErrors = Object.keys(errors).some((name) => name !== "root");

  return (
    <Card title={t("request")}>
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-describedby="pg-price">
        {extendFrom && (
          <div
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950"
            data-testid="extend-source"
          >
            <div className="min-w-0">
              <p className="font-medium">
                {t.rich("continues", {
                  id: extendFrom,
                  link: (chunks) => (
                    <Link
                      className="break-all font-mono underline"
                      href={`/dashboard/generations/${encodeURIComponent(extendFrom)}`}
                    >
                      {chunks}
                    </Link>
                  ),
                })}
              </p>
              <p className="mt-0.5 text-xs">{t("continuesHint")}</p>
            </div>
            <Button type="button" variant="secondary" onClick={() => setExtendFrom("")}>
              {t("clearExtend")}
            </Button>
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t("model")}
            hint={model && purposeOf(model)}
            {...form.register("model", { onChange: (e) => fitTo(e.target.value) })}
          >
            {models.map((m) => (
              <option key={m.id} value={m.id}>
                {m.id} · {perSecond(m.priceMicrosPerSecond)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t("duration")}
            error={errors.duration?.message}
            hint={
              model
                ? t("durationHint", { min: model.duration.min, max: model.duration.max, minCharge: model.minChargeSeconds })
                : undefined
            }
            {...form.register("duration", { valueAsNumber: true })}
            // Controlled, so a value set for a newly chosen model shows once its options render.
            value={String(duration)}
          >
            {model &&
              Array.from({ length: model.duration.max - model.duration.min + 1 }, (_, i) => model.duration.min + i).map((d) => (
                <option key={d} value={d}>
                  {tu("seconds", { count: d })}
                </option>
              ))}
          </SelectField>
        </div>

        <TextAreaField
          label={t("prompt")}
          rows={4}
          maxLength={MAX_PROMPT_CHARS}
          placeholder={t("promptPlaceholder")}
          error={errors.prompt?.message}
          hint={t("promptCount", { count: (prompt ?? "").trim().length, max: MAX_PROMPT_CHARS })}
          {...form.register("prompt")}
        />

        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={t("size")} error={errors.size?.message} {...form.register("size")} value={size}>
            {model?.sizes.map((s) => (
              <option key={s} value={s}>
                {s}
                {s === model.default_size ? t("defaultSuffix") : ""}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("aspectRatio")} error={errors.aspectRatio?.message} {...form.register("aspectRatio")}>
            {ASPECT_RATIOS.map((a) => (
              <option key={a} value={a}>
                {a} {a === "16:9" ? t("landscape") : t("portrait")}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t("seed")}
            hint={t("seedHint")}
            inputMode="numeric"
            error={errors.seed?.message}
            {...form.register("seed", { setValueAs: (v: unknown) => (v === "" || v == null ? undefined : Number(v)) })}
          />
          <TextField
            label={t("negativePrompt")}
            hint={t("negativePromptHint")}
            error={errors.negativePrompt?.message}
            {...form.register("negativePrompt")}
          />
        </div>
        {model && model.max_outputs > 1 && (
          <SelectField
            label={t("outputs")}
            hint={t("outputsHint")}
            error={errors.n?.message}
            {...form.register("n", { setValueAs: (v: unknown) => (v === "" || v == null ? undefined : Number(v)) })}
          >
            {Array.from({ length: model.max_outputs }, (_, i) => i + 1).map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </SelectField>
        )}
        {model?.audio.supported && (
          <label className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="h-4 w-4 accent-slate-900" {...form.register("generateAudio")} />
            {t("audio")}
            <span className="text-xs text-slate-600">{t("audioHint")}</span>
          </label>
        )}

        {/* An extension starts from its source's last frame: it takes no images ("none" is the only mode it opens in). */}
        <fieldset className="space-y-3" hidden={!!extendFrom}>
          <legend className="text-sm font-medium text-slate-800">{t("images")}</legend>
          <p className="text-xs text-slate-600">{t("imagesHint", { max: MAX_REFERENCE_URLS })}</p>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {(
              [
                ["none", t("noImages")],
                ["frames", t("frames")],
                ["references", t("references")],
              ] as [ReferenceMode, string][]
            ).map(([value, label]) => (
              <label key={value} className="inline-flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="referenceMode"
                  value={value}
                  checked={referenceMode === value}
                  onChange={() => setReferenceMode(value)}
                  className="h-4 w-4 accent-slate-900"
                />
                {label}
              </label>
            ))}
          </div>
          {referenceMode === "frames" && (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={t("firstFrameUrl")}
                type="url"
                inputMode="url"
                error={errors.firstFrameUrl?.message}
                placeholder="https://example.com/first.png"
                {...form.register("firstFrameUrl")}
              />
              <TextField
                label={t("lastFrameUrl")}
                type="url"
                inputMode="url"
                error={errors.lastFrameUrl?.message}
                placeholder="https://example.com/last.png"
                hint={t("lastFrameHint")}
                disabled={!firstFrameUrl?.trim() && !lastFrameUrl}
                {...form.register("lastFrameUrl")}
              />
            </div>
          )}
          {referenceMode === "references" && (
            <div className="grid gap-3">
              {Array.from({ length: MAX_REFERENCE_URLS }, (_, i) => (
                <TextField
                  // biome-ignore lint/suspicious/noArrayIndexKey: reference fields are fixed positions (first, second, ...), never reordered
                  key={i}
                  label={i > 0 ? t("referenceImageOptional", { n: i + 1 }) : t("referenceImage", { n: i + 1 })}
                  type="url"
                  inputMode="url"
                  error={errors.urls?.[i]?.message}
                  placeholder="https://example.com/reference.png"
                  {...form.register(`urls.${i}`)}
                />
              ))}
            </div>
          )}
        </fieldset>

        <div id="pg-price" className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3" aria-live="polite">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="text-sm font-medium text-slate-700">{t("priceOfClip")}</span>
            <span className="text-2xl font-semibold text-slate-900 tabular-nums" data-testid="price-estimate">
              {formatAmount(costMicros)}
            </span>
          </div>
          {model && quote && (
            <p className="mt-1 text-xs text-slate-600" data-testid="price-breakdown">
              {t("billed", { seconds: quote.billedSeconds })}
              {quote.minimumApplies ? t("minCharge", { seconds: model.minChargeSeconds }) : ""} ×{" "}
              {perSecond(quote.priceMicrosPerSecond)} · {t("heldNow")}
            </p>
          )}
          {balance !== undefined && livemode && (
            <p className={`mt-1 text-xs ${balance < costMicros ? "font-medium text-red-700" : "text-slate-600"}`}>
              {t("availableBalance", { amount: formatAmount(balance) })}
              {balance < costMicros ? t("notEnough") : ""}
            </p>
          )}
          {balance !== undefined && (
            <p className="mt-1 text-xs font-medium text-slate-800" data-testid="playground-mode">
              {livemode ? t("modeLive", { balance: formatAmount(balance) }) : t("modeTest")}
            </p>
          )}
          {balance !== undefined && livemode && balance <= 0n && (
            <p className="mt-1 text-xs text-amber-900">
              {t.rich("liveZero", {
                balance: formatAmount(balance),
                funds: (chunks) => (
                  <Link className="font-medium underline" href="/dashboard/invoices">
                    {chunks}
                  </Link>
                ),
              })}
            </p>
          )}
        </div>

        {errors.root?.server && (
          <div className="space-y-2" data-testid="generation-error">
            <FormError>{errors.root.server.message}</FormError>
            {paymentProblem && (
              <p className="text-sm text-slate-700">
                {t.rich("paymentHint", {
                  topUp: (chunks) => (
                    <Link className="font-medium underline" href="/dashboard/billing">
                      {chunks}
                    </Link>
                  ),
                  test: (chunks) => (
                    <Link className="font-medium underline" href="/dashboard/test-balance">
                      {chunks}
                    </Link>
                  ),
                })}
              </p>
            )}
          </div>
        )}

        {binding && (
          <div
            className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-950"
            data-testid="binding-quote"
            aria-live="polite"
          >
            <p className="font-medium">{t("quoteTitle", { cost: formatAmount(parseUsd(binding.cost)) })}</p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5">
              <dt>{t("quoteBilled")}</dt>
              <dd data-testid="quote-billed">{tu("seconds", { count: binding.billed_seconds })}</dd>
              <dt>{t("quoteEta")}</dt>
              <dd data-testid="quote-eta">{formatEta(binding.eta_seconds, t)}</dd>
              <dt>{t("quoteValidUntil")}</dt>
              <dd data-testid="quote-expires">{formatUtc(binding.expires_at)}</dd>
              <dt>{t("quoteId")}</dt>
              <dd>
                <code className="font-mono text-xs">{binding.quote_id}</code>
              </dd>
            </dl>
          </div>
        )}

        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="button"
            variant="secondary"
            onClick={onQuote}
            disabled={form.formState.isSubmitting || quoteRequest.isPending || !model}
          >
            {quoteRequest.isPending ? t("quoting") : t("getQuote")}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting || !model}>
            {form.formState.isSubmitting
              ? t("sending")
              : t(binding ? "generateQuoted" : "generate", { cost: formatAmount(costMicros) })}
          </Button>
          {fieldErrors && <span className="text-sm text-red-700">{t("fixFields")}</span>}
        </div>
      </form>
    </Card>
  );
}

function GenerationView({
  record,
  priceMicrosPerSecond,
  eta,
  streamFailed,
}: {
  record: GenerationRecordT;
  /** The generation's own price (the catalog's may have changed since); the stream's records carry it only as text. */
  priceMicrosPerSecond: bigint;
  eta: number | null;
  streamFailed: boolean;
}) {
  const t = useTranslations("playground");
  const ts = useTranslations("status");
  const tu = useTranslations("units");
  const perSecond = usePricePerSecond();
  const errorText = useApiErrorText();
  const out = record.output[0];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex flex-wrap items-center gap-2">
          <code className="font-mono text-xs text-slate-600">{record.id}</code>
          <Link className="text-sm underline" href={`/dashboard/generations/${encodeURIComponent(record.id)}`}>
            {t("details")}
          </Link>
        </span>
        <span aria-live="polite" data-testid="generation-status">
          <Badge tone={STATUS_TONE[record.status]}>{ts(record.status)}</Badge>
        </span>
      </div>
      {record.status === "processing" && (
        <div className="space-y-1.5">
          <div
            role="progressbar"
            aria-label={t("progress")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={record.progress}
            className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-slate-900 transition-[width] duration-500"
              style={{ width: `${Math.max(2, record.progress)}%` }}
            />
          </div>
          <p className="flex justify-between text-sm text-slate-600">
            <span data-testid="generation-progress">{record.progress}%</span>
            <span data-testid="generation-eta">{eta !== null ? formatEta(eta, t) : ""}</span>
          </p>
          {record.queue_position !== null && (
            <p className="text-sm text-slate-700" data-testid="queue-position">
              {t("queuePosition", { position: record.queue_position })}
            </p>
          )}
          {streamFailed && <p className="text-xs text-slate-500">{t("streamFailed")}</p>}
        </div>
      )}
      {record.status === "completed" && out && (
        <VideoPlayer
          src={out.url}
          poster={out.poster_url}
          title={t("clipTitle", { prompt: record.prompt })}
          aspectRatio={record.aspect_ratio}
          resolution={out.resolution}
          duration={out.duration}
        />
      )}
      {record.status === "failed" && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {record.error ? errorText({ message: record.error.message, data: { apiCode: record.error.code } }) : t("failed")}{" "}
          {record.error?.code && (
            <Link className="underline" href={`/errors#${record.error.code}`}>
              {record.error.code}
            </Link>
          )}{" "}
          {t("nothingCharged")}
        </p>
      )}
      {record.status === "canceled" && <p className="text-sm text-slate-600">{t("canceled")}</p>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{t("model")}</dt>
        <dd className="text-slate-900">{record.model}</dd>
        <dt className="text-slate-600">{t("clip")}</dt>
        <dd className="text-slate-900">
          {tu("seconds", { count: record.duration })} · {record.size} · {record.aspect_ratio}
        </dd>
        <dt className="text-slate-600">
          {record.status === "completed" ? t("charged") : record.status === "processing" ? t("held") : t("cost")}
        </dt>
        <dd className="text-slate-900 tabular-nums" data-testid="generation-cost">
          {record.status === "failed" || record.status === "canceled"
            ? t("released", { amount: formatAmount(0n) })
            : t("costBreakdown", {
                amount: formatAmount(costMicrosFor(record.billed_seconds, priceMicrosPerSecond)),
                seconds: record.billed_seconds,
                price: perSecond(priceMicrosPerSecond),
              })}
        </dd>
        <dt className="text-slate-600">{t("prompt")}</dt>
        <dd className="break-words text-slate-900">{record.prompt}</dd>
      </dl>
    </div>
  );
}
