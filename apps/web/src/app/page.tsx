import Link from "next/link";

export default function Home() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-4xl font-semibold tracking-tight">vgen</h1>
      <p className="mt-4 text-lg text-slate-600">
        A paid HTTP API that turns a prompt, and optionally image references, into an H.264 MP4 clip. Billed per second of video.
      </p>
      <pre className="mt-8 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100">{`curl -N $BASE_URL/api/v1/videos/generations \\
  -H "Authorization: Bearer $API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"model": "gen-3.1-fast", "prompt": "A paper boat on a rainy street", "duration": 4}'`}</pre>
      <nav className="mt-8 flex gap-6 text-blue-700 underline">
        <Link href="/docs">API reference</Link>
        <Link href="/errors">Error catalog</Link>
        <Link href="/status">Status</Link>
      </nav>
    </main>
  );
}
