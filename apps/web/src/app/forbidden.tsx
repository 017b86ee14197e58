import Link from "next/link";

export const metadata = { title: "Staff only" };

/** What forbidden() answers with, status 403: today only the support console calls it. */
export default function Forbidden() {
  return (
    <main id="main" tabIndex={-1} className="outline-none grid min-h-screen place-items-center bg-slate-50 px-4">
      <div className="max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <p className="text-sm font-semibold text-red-700">403</p>
        <h1 className="mt-1 text-xl font-semibold text-slate-900">Staff only</h1>
        <p className="mt-2 text-sm text-slate-600">
          The support console is for vgen support staff. Your account does not have access.
        </p>
        <Link
          href="/dashboard"
          className="mt-6 inline-block rounded-md bg-slate-900 px-3.5 py-2 text-sm font-medium text-white hover:bg-slate-700"
        >
          Go to your dashboard
        </Link>
      </div>
    </main>
  );
}
