import type { Metadata } from "next";
import Link from "next/link";
import { buildOpenApiDocument } from "@vgen/contracts";
import { env } from "@vgen/config";
import { EnglishOnlyNote } from "@/components/english-only-note";
import { SiteHeader } from "@/components/site-header";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { Inline, Markdown } from "./_components/markdown";
import { SchemaTable, STACKED, refName, typeLabel, type Schema, type Schemas } from "./_components/schema-view";
import { splitResponseDescription } from "./_components/response-description";
import { TryIt } from "./_components/try-it";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "API reference",
  description: "Reference of the vgen video generation API v1, generated from its OpenAPI 3.1 document.",
};

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema: Schema;
}
interface Media {
  schema?: Schema;
  example?: unknown;
  /** An event stream's wire text (the schema is that of each event's data). */
  "x-sse-example"?: string;
  examples?: Record<string, { summary?: string; value: unknown }>;
}
interface Response {
  description: string;
  headers?: Record<string, { description?: string; required?: boolean; schema?: Schema }>;
  content?: Record<string, Media>;
}
interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { description?: string; content: Record<string, Media> };
  responses: Record<string, Response>;
}
interface Doc {
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
  components: { schemas: Schemas };
}

interface Op {
  path: string;
  method: string;
  op: Operation;
}
interface Hook {
  event: string;
  op: Operation;
}

let cached: { base: string; doc: Doc } | null = null;
function documentFor(base: string): Doc {
  if (cached?.base !== base) cached = { base, doc: buildOpenApiDocument(base) as unknown as Doc };
  return cached.doc;
}

const METHOD_STYLE: Record<string, string> = {
  get: "bg-sky-100 text-sky-800",
  post: "bg-emerald-100 text-emerald-800",
  delete: "bg-red-100 text-red-800",
};

function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={`inline-block w-12 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-[11px] font-bold uppercase ${METHOD_STYLE[method] ?? "bg-slate-100"}`}
    >
      {method}
    </span>
  );
}

function statusTone(status: string) {
  if (status.startsWith("2")) return "text-emerald-700 bg-emerald-50 ring-emerald-200";
  if (status.startsWith("5")) return "text-red-700 bg-red-50 ring-red-200";
  return "text-orange-700 bg-orange-50 ring-orange-200";
}

function Code({ children, label, wrap = false }: { children: string; label?: string; wrap?: boolean }) {
  return (
    <div className="overflow-hidden rounded-lg bg-slate-900">
      {label && (
        <div className="border-b border-slate-700 px-3 py-1.5 text-[11px] font-medium uppercase tracking-wide text-slate-400">
          {label}
        </div>
      )}
      <ScrollRegion label={label ?? "Code"} className="max-h-96 overflow-auto">
        <pre className={`p-3 text-[12.5px] leading-relaxed text-slate-100 ${wrap ? "whitespace-pre-wrap break-all" : ""}`}>
          {children}
        </pre>
      </ScrollRegion>
    </div>
  );
}

function show(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value, null, 2);
}

/** The body a request example sends: the first of the named examples, else the single one. */
function exampleOf(media: Media): unknown {
  const [first] = Object.values(media.examples ?? {});
  return first ? first.value : media.example;
}

function curlFor(base: string, method: string, path: string, op: Operation): string {
  const lines = [
    `curl${method === "get" ? "" : ` -X ${method.toUpperCase()}`}${op.responses["200"]?.content?.["text/event-stream"] ? " -N" : ""} ${base}${path.replace("{id}", "vid_7hX2kLmQ9rT4vB8nC1dE3f")}`,
  ];
  if (op.security?.length !== 0) lines.push(`  -H "Authorization: Bearer $API_KEY"`);
  const media = op.requestBody?.content["application/json"];
  if (media) {
    lines.push(`  -H "Content-Type: application/json"`);
    lines.push(`  -d '${JSON.stringify(exampleOf(media))}'`);
  }
  return lines.join(" \\\n");
}

function ResponseBlock({
  status,
  response,
  schemas,
  open,
}: {
  status: string;
  response: Response;
  schemas: Schemas;
  open: boolean;
}) {
  const { summary, label, details } = splitResponseDescription(response.description);
  const isError = Number(status) >= 400;
  return (
    <details open={open} className="group rounded-lg border border-slate-200 bg-white">
      <summary className="flex cursor-pointer list-none items-start gap-3 px-4 py-3 hover:bg-slate-50">
        <span className={`rounded-md px-2 py-0.5 font-mono text-xs font-semibold ring-1 ring-inset ${statusTone(status)}`}>
          {status}
        </span>
        <span className="flex-1 text-sm text-slate-700">
          <Inline text={summary} />
          <span className="ml-2 text-xs text-slate-500">{Object.keys(response.content ?? {}).join(", ")}</span>
        </span>
        <span aria-hidden className="text-slate-400 transition group-open:rotate-90">
          ›
        </span>
      </summary>
      <div className="space-y-4 border-t border-slate-100 px-4 py-4">
        {details && (
          <div className="text-sm text-slate-700">
            {label && <p className="mb-1 font-medium">{label}</p>}
            <Markdown text={details} />
          </div>
        )}
        {isError && response.headers && (
          <p className="text-xs text-slate-500">
            Headers:{" "}
            {Object.keys(response.headers).map((h, i) => (
              <span key={h}>
                {i > 0 && ", "}
                <code className="font-mono">{h}</code>
              </span>
            ))}
          </p>
        )}
        {!isError && response.headers && Object.keys(response.headers).length > 0 && (
          <div>
            <h5 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Headers</h5>
            <ul className="space-y-1 text-sm">
              {Object.entries(response.headers).map(([name, h]) => (
                <li key={name}>
                  <code className="font-mono text-[13px] font-semibold text-slate-900">{name}</code>{" "}
                  {h.description && (
                    <span className="text-slate-600">
                      — <Inline text={h.description} />
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
        {Object.entries(response.content ?? {}).map(([type, media]) => (
          <div key={type} className="space-y-3">
            {type === "text/event-stream" ? (
              media.schema && (
                <p className="text-sm text-slate-600">
                  Each event&apos;s <code className="font-mono text-[0.85em]">data:</code> is one line of JSON: a{" "}
                  {typeLabel(media.schema, schemas)} record.
                </p>
              )
            ) : isError ? (
              <p className="text-sm text-slate-600">
                Body: the{" "}
                <a href="#schema-Error" className="font-mono text-blue-700 underline underline-offset-2 hover:text-blue-900">
                  Error
                </a>{" "}
                envelope, with <code className="font-mono text-[0.85em]">error.code</code> one of the codes above.
              </p>
            ) : (
              media.schema && <SchemaTable schema={media.schema} schemas={schemas} />
            )}
            {media.example !== undefined && <Code label={`Example ${type}`}>{show(media.example)}</Code>}
            {media["x-sse-example"] !== undefined && <Code label={`Example ${type}`}>{media["x-sse-example"]}</Code>}
          </div>
        ))}
      </div>
    </details>
  );
}

function OperationSection({
  base,
  method,
  path,
  op,
  schemas,
}: {
  base: string;
  method: string;
  path: string;
  op: Operation;
  schemas: Schemas;
}) {
  const params = op.parameters ?? [];
  const body = op.requestBody?.content["application/json"];
  const exampleBody = body ? exampleOf(body) : null;
  return (
    <section
      id={op.operationId}
      aria-labelledby={`${op.operationId}-title`}
      className="scroll-mt-20 border-t border-slate-200 py-12"
    >
      <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <div className="min-w-0 space-y-6">
          <div>
            <h3 id={`${op.operationId}-title`} className="text-xl font-semibold text-slate-900">
              {op.summary}
            </h3>
            <p className="mt-2 flex flex-wrap items-center gap-2">
              <MethodBadge method={method} />
              <code className="break-all font-mono text-sm text-slate-800">{path}</code>
              {op.security?.length === 0 ? (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-medium text-slate-600">public</span>
              ) : (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-medium text-slate-600">
                  Bearer API key
                </span>
              )}
            </p>
          </div>
          {op.description && <Markdown text={op.description} className="text-sm leading-relaxed text-slate-700" />}

          {params.length > 0 && (
            <div>
              <h4 className="mb-2 text-sm font-semibold text-slate-900">Parameters</h4>
              <table className={STACKED.table}>
                <tbody className={STACKED.body}>
                  {params.map((p) => (
                    <tr key={`${p.in}-${p.name}`} className={STACKED.row}>
                      <td className={`${STACKED.cell} whitespace-nowrap sm:pr-4`}>
                        <code className="font-mono text-[13px] font-semibold text-slate-900">{p.name}</code>
                        {p.required && <span className="ml-2 text-[11px] font-medium uppercase text-rose-600">required</span>}
                        <div className="text-xs text-slate-500">{p.in}</div>
                      </td>
                      <td className={`${STACKED.cell} font-mono text-xs text-slate-600 sm:pr-4`}>
                        {typeLabel(p.schema, schemas)}
                      </td>
                      <td className={`${STACKED.cell} text-sm text-slate-700`}>
                        {p.description && <Inline text={p.description} />}
                        {(p.schema.minimum !== undefined || p.schema.maxLength !== undefined) && (
                          <div className="mt-0.5 text-xs text-slate-500">
                            {p.schema.minimum !== undefined
                              ? `${p.schema.minimum} to ${p.schema.maximum}`
                              : `at most ${p.schema.maxLength} characters`}
                          </div>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}

          {body?.schema && (
            <div>
              <h4 className="mb-1 text-sm font-semibold text-slate-900">
                Request body <span className="font-normal text-slate-500">application/json · </span>
                {body.schema.$ref && (
                  <a
                    href={`#schema-${refName(body.schema.$ref)}`}
                    className="font-mono text-xs font-normal text-blue-700 underline underline-offset-2 hover:text-blue-900"
                  >
                    {refName(body.schema.$ref)}
                  </a>
                )}
              </h4>
              {op.requestBody?.description && <p className="mb-2 text-sm text-slate-600">{op.requestBody.description}</p>}
              <SchemaTable schema={body.schema} schemas={schemas} />
            </div>
          )}

          <div>
            <h4 className="mb-2 text-sm font-semibold text-slate-900">Responses</h4>
            <div className="space-y-2">
              {Object.entries(op.responses).map(([s, response]) => (
                <ResponseBlock key={s} status={s} response={response} schemas={schemas} open={s.startsWith("2")} />
              ))}
            </div>
          </div>
        </div>

        <aside className="min-w-0 space-y-4 xl:sticky xl:top-20 xl:self-start">
          <Code label="Request" wrap>
            {curlFor(base, method, path, op)}
          </Code>
          {body?.examples &&
            Object.entries(body.examples)
              .slice(1)
              .map(([name, ex]) => (
                <Code key={name} label={ex.summary ?? name}>
                  {show(ex.value)}
                </Code>
              ))}
          <TryIt
            method={method.toUpperCase()}
            path={path}
            pathParams={params.filter((p) => p.in === "path").map((p) => p.name)}
            queryParams={params.filter((p) => p.in === "query").map((p) => p.name)}
            exampleBody={exampleBody === null || exampleBody === undefined ? null : JSON.stringify(exampleBody, null, 2)}
            auth={op.security?.length !== 0}
          />
        </aside>
      </div>
    </section>
  );
}

/** An event this API POSTs to the caller (the document's `webhooks`): when, the signature headers, an example body. */
function WebhookSection({ event, op }: { event: string; op: Operation }) {
  const body = op.requestBody?.content["application/json"];
  const example = body ? exampleOf(body) : null;
  return (
    <section
      id={op.operationId}
      aria-labelledby={`${op.operationId}-title`}
      className="scroll-mt-20 border-t border-slate-200 py-10"
    >
      <h3 id={`${op.operationId}-title`} className="font-mono text-lg font-semibold text-slate-900">
        {event}
      </h3>
      {op.description && <Markdown text={op.description} className="mt-2 text-sm leading-relaxed text-slate-700" />}
      <ul className="mt-3 space-y-1 text-sm text-slate-700">
        {(op.parameters ?? []).map((p) => (
          <li key={p.name}>
            <code className="font-mono text-[0.85em]">{p.name}</code>: {p.description}
          </li>
        ))}
      </ul>
      {example !== null && example !== undefined && (
        <div className="mt-4 max-w-3xl">
          <Code label="Body">{show(example)}</Code>
        </div>
      )}
    </section>
  );
}

/** The reference's table of contents: introduction, errors, each tag's endpoints and events, the schemas. */
function DocsNavLinks({ ops, hooks, tags, schemas }: { ops: Op[]; hooks: Hook[]; tags: Doc["tags"]; schemas: Schemas }) {
  return (
    <>
      <a href="#introduction" className="block rounded px-2 py-1 font-medium text-slate-700 hover:bg-slate-100">
        Introduction
      </a>
      <a href="#errors" className="block rounded px-2 py-1 font-medium text-slate-700 hover:bg-slate-100">
        Errors
      </a>
      {tags.map((tag) => (
        <div key={tag.name} className="mt-5">
          <p className="mb-1 px-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{tag.name}</p>
          {ops
            .filter((o) => o.op.tags?.includes(tag.name))
            .map((o) => (
              <a
                key={o.op.operationId}
                href={`#${o.op.operationId}`}
                className="flex items-center gap-2 rounded px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              >
                <MethodBadge method={o.method} />
                <span className="truncate">{o.op.summary}</span>
              </a>
            ))}
          {hooks
            .filter((h) => h.op.tags?.includes(tag.name))
            .map((h) => (
              <a
                key={h.op.operationId}
                href={`#${h.op.operationId}`}
                className="block truncate rounded px-2 py-1 font-mono text-xs text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              >
                {h.event}
              </a>
            ))}
        </div>
      ))}
      <p className="mb-1 mt-5 px-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Schemas</p>
      {Object.keys(schemas).map((name) => (
        <a
          key={name}
          href={`#schema-${name}`}
          className="block truncate rounded px-2 py-1 font-mono text-xs text-slate-600 hover:bg-slate-100"
        >
          {name}
        </a>
      ))}
    </>
  );
}

export default function DocsPage() {
  const base = env().PUBLIC_BASE_URL;
  const doc = documentFor(base);
  const schemas = doc.components.schemas;
  const ops: Op[] = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );
  const hooks: Hook[] = Object.entries(doc.webhooks ?? {}).flatMap(([event, item]) =>
    Object.values(item).map((op) => ({ event, op })),
  );
  const [lead, ...intro] = doc.info.description.split("\n\n");

  return (
    <>
      <SiteHeader current="docs" />
      {/* The reference is English in every UI language (docs/api.md#language-of-the-reference), so it says so. */}
      <div lang="en" className="mx-auto grid max-w-7xl gap-10 px-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <aside className="hidden lg:block">
          <nav aria-label="API reference" className="sticky top-14 max-h-[calc(100vh-3.5rem)] overflow-y-auto py-10 pr-2 text-sm">
            <DocsNavLinks ops={ops} hooks={hooks} tags={doc.tags} schemas={schemas} />
          </nav>
        </aside>

        <main id="main" tabIndex={-1} className="outline-none min-w-0 py-10">
          <EnglishOnlyNote what="docs" />
          {/* Below 1024 px the sidebar is hidden: the same contents fold into a menu at the top. */}
          <details className="mb-8 rounded-lg border border-slate-200 bg-white lg:hidden">
            <summary className="cursor-pointer px-4 py-3 text-sm font-medium text-slate-900">Endpoints and schemas</summary>
            <nav
              aria-label="API reference menu"
              className="max-h-[60vh] overflow-y-auto border-t border-slate-100 px-2 pb-4 text-sm"
            >
              <DocsNavLinks ops={ops} hooks={hooks} tags={doc.tags} schemas={schemas} />
            </nav>
          </details>
          <section id="introduction" className="scroll-mt-20">
            <p className="text-sm font-medium text-blue-700">API reference · v1</p>
            <h1 className="mt-1 text-3xl font-semibold tracking-tight text-slate-900">{doc.info.title}</h1>
            <p className="mt-3 max-w-3xl text-lg text-slate-600">{lead}</p>
            <div className="mt-4 flex flex-wrap items-center gap-3 text-sm">
              <span className="rounded-md bg-slate-100 px-2 py-1 font-mono text-slate-700">{doc.servers[0]?.url}</span>
              <span className="rounded-md bg-slate-100 px-2 py-1 text-slate-700">OpenAPI 3.1 · version {doc.info.version}</span>
              <a
                href="/api/v1/openapi.json"
                className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900"
              >
                Download openapi.json
              </a>
            </div>
            <div className="mt-6 max-w-3xl">
              <Markdown text={intro.slice(0, 1).join("\n\n")} className="text-sm leading-relaxed text-slate-700" />
            </div>
          </section>

          <section id="errors" aria-labelledby="errors-title" className="mt-10 max-w-3xl scroll-mt-20">
            <h2 id="errors-title" className="text-xl font-semibold text-slate-900">
              Errors
            </h2>
            <p className="mt-2 text-sm leading-relaxed text-slate-700">
              A failed request answers with an HTTP status and the envelope{" "}
              <code className="rounded bg-slate-100 px-1 font-mono text-[0.85em]">{`{"error": {"code", "type", "message", "param", "doc_url", "request_id"}}`}</code>
              . Each endpoint below lists the codes it can return under each status. What every code means and how to fix it is in
              the{" "}
              <Link href="/errors" className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900">
                error catalog
              </Link>
              .
            </p>
            <Markdown text={intro.slice(2, 4).join("\n\n")} className="mt-3 text-sm leading-relaxed text-slate-700" />
          </section>

          <div className="mt-10">
            {doc.tags.map((tag) => (
              <div key={tag.name}>
                <h2 className="mt-6 text-2xl font-semibold tracking-tight text-slate-900">{tag.name}</h2>
                <p className="mt-1 text-sm text-slate-500">{tag.description}</p>
                {ops
                  .filter((o) => o.op.tags?.includes(tag.name))
                  .map((o) => (
                    <OperationSection
                      key={o.op.operationId}
                      base={base}
                      method={o.method}
                      path={o.path}
                      op={o.op}
                      schemas={schemas}
                    />
                  ))}
                {hooks
                  .filter((h) => h.op.tags?.includes(tag.name))
                  .map((h) => (
                    <WebhookSection key={h.op.operationId} event={h.event} op={h.op} />
                  ))}
              </div>
            ))}
          </div>

          <section aria-labelledby="schemas-title" className="border-t border-slate-200 py-12">
            <h2 id="schemas-title" className="text-2xl font-semibold tracking-tight text-slate-900">
              Schemas
            </h2>
            <div className="mt-6 space-y-8">
              {Object.entries(schemas).map(([name, schema]) => (
                <div key={name} id={`schema-${name}`} className="scroll-mt-20">
                  <h3 className="font-mono text-base font-semibold text-slate-900">{name}</h3>
                  {schema.description && <p className="mb-2 mt-1 text-sm text-slate-600">{schema.description}</p>}
                  <div className="mt-2 rounded-lg border border-slate-200 bg-white p-4">
                    <SchemaTable schema={schema} schemas={schemas} />
                  </div>
                </div>
              ))}
            </div>
          </section>
        </main>
      </div>
    </>
  );
}
