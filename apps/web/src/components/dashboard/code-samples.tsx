"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { ScrollingCode } from "@/components/ui/scroll-region";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

export const KEY_PLACEHOLDER = "vgk_…";
const SAMPLE_PROMPT = "A paper boat drifting down a rainy street at dusk";
const SAMPLE_DURATION = 4;
const SAMPLE_WEBHOOK = "https://example.com/webhooks/vgen";

const MODES = ["stream", "callback", "polling"] as const;
const LANGUAGES = [
  { id: "curl", label: "curl" },
  { id: "javascript", label: "JavaScript" },
  { id: "python", label: "Python" },
] as const;

export type SampleMode = (typeof MODES)[number];
export type SampleLanguage = (typeof LANGUAGES)[number]["id"];

export interface SampleOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
}

function jsonBody(o: SampleOptions, mode: SampleMode, lang: SampleLanguage): string {
  const fields: [string, string][] = [
    ["model", JSON.stringify(o.model)],
    ["prompt", JSON.stringify(SAMPLE_PROMPT)],
    ["duration", String(SAMPLE_DURATION)],
  ];
  if (mode === "callback") fields.push(["webHook", JSON.stringify(SAMPLE_WEBHOOK)]);
  if (mode === "polling") fields.push(["stream", lang === "python" ? "False" : "false"]);
  if (lang === "curl") return `{${fields.map(([k, v]) => `"${k}": ${v}`).join(", ")}}`;
  const key = (k: string) => (lang === "python" ? `"${k}"` : k);
  return `{\n${fields.map(([k, v]) => `    ${key(k)}: ${v},`).join("\n")}\n  }`;
}

function curlSample(o: SampleOptions, mode: SampleMode): string {
  const create = `${o.baseUrl}/api/v1/videos/generations`;
  const auth = `-H "Authorization: Bearer ${o.apiKey}"`;
  const json = `-H "Content-Type: application/json"`;
  if (mode === "stream") {
    return [
      `# -N prints each event as it arrives; the last one carries the finished record and its MP4 URL.`,
      `curl -N -X POST "${create}" \\`,
      `  ${auth} \\`,
      `  ${json} \\`,
      `  -d '${jsonBody(o, mode, "curl")}'`,
    ].join("\n");
  }
  if (mode === "callback") {
    return [
      `# 202 Accepted at once with the record; the finished record is POSTed to webHook later.`,
      `curl -X POST "${create}" \\`,
      `  ${auth} \\`,
      `  ${json} \\`,
      `  -d '${jsonBody(o, mode, "curl")}'`,
    ].join("\n");
  }
  return [
    `# 1. Create the generation: 202 with the record and its id.`,
    `RESPONSE=$(curl -sS -X POST "${create}" \\`,
    `  ${auth} \\`,
    `  ${json} \\`,
    `  -d '${jsonBody(o, mode, "curl")}')`,
    `echo "$RESPONSE"`,
    `ID=$(printf '%s' "$RESPONSE" | sed -n 's/.*"id":"\\(vid_[^"]*\\)".*/\\1/p')`,
    ``,
    `# 2. Poll every 2 s until the status leaves "processing"; the last line is the finished record.`,
    `while [ -n "$ID" ]; do`,
    `  RESULT=$(curl -sS -X POST "${o.baseUrl}/api/v1/videos/result" \\`,
    `    ${auth} \\`,
    `    ${json} \\`,
    `    -d "{\\"id\\": \\"$ID\\"}")`,
    `  case "$RESULT" in`,
    `    *'"status":"processing"'*) sleep 2 ;;`,
    `    *) echo "$RESULT"; break ;;`,
    `  esac`,
    `done`,
  ].join("\n");
}

function jsSample(o: SampleOptions, mode: SampleMode): string {
  const head = [
    `// Save as quickstart.mjs and run: node quickstart.mjs (Node 18 or later).`,
    `// Keep the key on your server: never ship it to a browser.`,
    `const BASE_URL = ${JSON.stringify(o.baseUrl)};`,
    `const API_KEY = ${JSON.stringify(o.apiKey)};`,
    `const headers = { Authorization: \`Bearer \${API_KEY}\`, "Content-Type": "application/json" };`,
    ``,
    `const res = await fetch(\`\${BASE_URL}/api/v1/videos/generations\`, {`,
    `  method: "POST",`,
    `  headers,`,
    `  body: JSON.stringify(${jsonBody(o, mode, "javascript")}),`,
    `});`,
    `if (!res.ok) throw new Error((await res.json()).error.message);`,
  ];
  if (mode === "stream") {
    return [
      ...head,
      ``,
      `// Server-sent events: each "data:" line holds the generation record as JSON.`,
      `const reader = res.body.getReader();`,
      `const decoder = new TextDecoder();`,
      `let buffer = "";`,
      `for (;;) {`,
      `  const { value, done } = await reader.read();`,
      `  if (done) break;`,
      `  buffer += decoder.decode(value, { stream: true });`,
      `  let end;`,
      `  while ((end = buffer.indexOf("\\n\\n")) !== -1) {`,
      `    const event = buffer.slice(0, end);`,
      `    buffer = buffer.slice(end + 2);`,
      `    const data = event.split("\\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5)).join("\\n");`,
      `    if (!data) continue; // a keep-alive comment`,
      `    const record = JSON.parse(data);`,
      `    console.log(record.status, \`\${record.progress}%\`, \`eta \${record.eta_seconds}s\`);`,
      `    if (record.status !== "processing") console.log(record.output[0]?.url ?? record.error);`,
      `  }`,
      `}`,
    ].join("\n");
  }
  if (mode === "callback") {
    return [
      ...head,
      ``,
      `// 202: the record (status "processing"). The finished record is POSTed to webHook as`,
      `// {"type": "generation.completed", "data": <record>}, signed with your webhook secret.`,
      `console.log(res.status, await res.json());`,
    ].join("\n");
  }
  return [
    ...head,
    `let record = await res.json(); // 202: status "processing"`,
    ``,
    `while (record.status === "processing") {`,
    `  await new Promise((resolve) => setTimeout(resolve, 2000));`,
    `  const poll = await fetch(\`\${BASE_URL}/api/v1/videos/result\`, {`,
    `    method: "POST",`,
    `    headers,`,
    `    body: JSON.stringify({ id: record.id }),`,
    `  });`,
    `  record = await poll.json();`,
    `}`,
    `console.log(record.status, record.output[0]?.url ?? record.error);`,
  ].join("\n");
}

function pythonSample(o: SampleOptions, mode: SampleMode): string {
  const head = [
    `# pip install requests`,
    ...(mode === "stream" ? [`import json`, ``] : mode === "polling" ? [`import time`, ``] : []),
    `import requests`,
    ``,
    `BASE_URL = ${JSON.stringify(o.baseUrl)}`,
    `API_KEY = ${JSON.stringify(o.apiKey)}`,
    `headers = {"Authorization": f"Bearer {API_KEY}"}`,
    `body = ${jsonBody(o, mode, "python").replace(/\n {2}\}$/, "\n}")}`,
    ``,
  ];
  if (mode === "stream") {
    return [
      ...head,
      `with requests.post(f"{BASE_URL}/api/v1/videos/generations", headers=headers, json=body,`,
      `                   stream=True, timeout=(10, 60)) as res:`,
      `    if res.status_code != 200:`,
      `        raise SystemExit(res.json()["error"]["message"])`,
      `    # Server-sent events: each "data:" line holds the generation record as JSON.`,
      `    for line in res.iter_lines(decode_unicode=True):`,
      `        if not line or not line.startswith("data:"):`,
      `            continue`,
      `        record = json.loads(line[5:])`,
      `        print(record["status"], f'{record["progress"]}%', f'eta {record["eta_seconds"]}s')`,
      `        if record["status"] != "processing":`,
      `            print(record["output"] or record.get("error"))`,
    ].join("\n");
  }
  if (mode === "callback") {
    return [
      ...head,
      `res = requests.post(f"{BASE_URL}/api/v1/videos/generations", headers=headers, json=body, timeout=30)`,
      `# 202: the record (status "processing"). The finished record is POSTed to webHook as`,
      `# {"type": "generation.completed", "data": <record>}, signed with your webhook secret.`,
      `print(res.status_code, res.json())`,
    ].join("\n");
  }
  return [
    ...head,
    `res = requests.post(f"{BASE_URL}/api/v1/videos/generations", headers=headers, json=body, timeout=30)`,
    `record = res.json()`,
    `if res.status_code != 202:`,
    `    raise SystemExit(record["error"]["message"])`,
    ``,
    `while record["status"] == "processing":`,
    `    time.sleep(2)`,
    `    record = requests.post(f"{BASE_URL}/api/v1/videos/result", headers=headers,`,
    `                           json={"id": record["id"]}, timeout=30).json()`,
    `print(record["status"], record["output"] or record.get("error"))`,
  ].join("\n");
}

function buildSample(mode: SampleMode, lang: SampleLanguage, o: SampleOptions): string {
  if (lang === "curl") return curlSample(o, mode);
  if (lang === "javascript") return jsSample(o, mode);
  return pythonSample(o, mode);
}

/** The item of `items` a tab's value names (Radix gives it back as a plain string). */
function pick<T extends string>(items: readonly T[], value: string): T | undefined {
  return items.find((id) => id === value);
}

/** Copy-paste requests for the three response modes in three languages. */
export function CodeSamples(props: SampleOptions & { initialMode?: SampleMode; initialLanguage?: SampleLanguage }) {
  const [mode, setMode] = useState<SampleMode>(props.initialMode ?? "stream");
  const [lang, setLang] = useState<SampleLanguage>(props.initialLanguage ?? "curl");
  const t = useTranslations("codeSamples");
  const code = buildSample(mode, lang, props);
  return (
    <Tabs value={mode} onValueChange={(v) => setMode(pick(MODES, v) ?? mode)} className="space-y-3">
      <TabsList aria-label={t("responseMode")} className="w-fit">
        {MODES.map((id) => (
          <TabsTrigger key={id} value={id}>
            {t(id)}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value={mode}>
        <p className="mb-3 text-sm text-slate-600">{t(`${mode}Blurb`)}</p>
        <Tabs
          value={lang}
          onValueChange={(v) =>
            setLang(
              pick(
                LANGUAGES.map((l) => l.id),
                v,
              ) ?? lang,
            )
          }
          className="space-y-3"
        >
          <TabsList aria-label={t("language")} className="w-fit">
            {LANGUAGES.map((l) => (
              <TabsTrigger key={l.id} value={l.id}>
                {l.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value={lang} className="relative">
            <div className="absolute top-2 right-2">
              <CopyButton text={code} label={t("copyCode")} />
            </div>
            <ScrollingCode
              label={t("sampleLabel", { mode: t(mode), language: LANGUAGES.find((l) => l.id === lang)!.label })}
              testId={`sample-${mode}-${lang}`}
              className="rounded-lg bg-slate-950 p-4 pt-14 text-[13px] leading-relaxed text-slate-100 sm:pt-4 sm:pr-32"
            >
              {code}
            </ScrollingCode>
          </TabsContent>
        </Tabs>
      </TabsContent>
    </Tabs>
  );
}
