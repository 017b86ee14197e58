import Link from "next/link";
import { SiteHeader } from "@/components/site-header";

export default function Home() {
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="outline-none mx-auto max-w-3xl px-6 py-16">
        <h1 className="text-4xl font-semibold tracking-tight">vgen</h1>
        <p className="mt-4 text-lg text-slate-600">
          A paid HTTP API that turns a prompt, and optionally image references, into an H.264 MP4 clip. Billed per second of
          video.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link href="/signup" className="rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700">
            Get an API key
          </Link>
          <Link
            href="/signin"
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50"
          >
            Sign in
          </Link>
        </div>
        <pre className="mt-8 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100">{`curl -N $BASE_URL/api/v1/videos/generations \\
  -H "Authorization: Bearer $API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"model": "gen-3.1-fast",
       "prompt": "A paper boat on a rainy street",
       "duration": 4}'`}</pre>
        <nav aria-label="Start here" className="mt-8 grid gap-3 sm:grid-cols-3">
          {[
            { href: "/docs", title: "API reference", text: "Endpoints, fields and examples." },
            { href: "/errors", title: "Error catalog", text: "Every error code and how to fix it." },
            { href: "/status", title: "Status", text: "Success rate and response time." },
          ].map((c) => (
            <Link
              key={c.href}
              href={c.href}
              className="rounded-xl border border-slate-200 p-4 transition hover:border-slate-300 hover:shadow-sm"
            >
              <span className="font-medium text-blue-700">{c.title}</span>
              <span className="mt-1 block text-sm text-slate-600">{c.text}</span>
            </Link>
          ))}
        </nav>
      </main>
    </>
  );
}
