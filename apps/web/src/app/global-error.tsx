"use client";

import "./globals.css";

/**
 * The last resort, when the root layout itself failed: it replaces that layout, so neither the
 * messages nor the language are available, and the page says it in both languages.
 */
export default function GlobalError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        <main className="mx-auto max-w-2xl px-6 py-24 text-center">
          <p className="font-mono text-sm font-semibold text-blue-700">500 · vgen</p>
          <h1 className="mt-2 text-3xl font-semibold tracking-tight">Something went wrong on our side</h1>
          <p lang="ru" className="mt-1 text-xl text-slate-600">
            На нашей стороне что-то пошло не так
          </p>
          {error.digest && (
            <p className="mt-4 text-sm text-slate-600">
              Reference / Код: <code className="font-mono">{error.digest}</code>
            </p>
          )}
          <div className="mt-8 flex justify-center gap-3 text-sm font-medium">
            <button type="button" onClick={retry} className="rounded-md bg-slate-900 px-4 py-2 text-white hover:bg-slate-700">
              Try again / <span lang="ru">Повторить</span>
            </button>
            {/* A full page load: the app's router may be what failed. */}
            <a href="/" className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50">
              Home / <span lang="ru">Главная</span>
            </a>
          </div>
        </main>
      </body>
    </html>
  );
}
