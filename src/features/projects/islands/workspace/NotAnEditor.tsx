/** What a signed-in account that is no editor's sees on /editor: why, and where to go instead. */
export function NotAnEditor() {
  return (
    <div role="status" className="max-w-xl space-y-2 rounded-xl border border-beacon-400 bg-beacon-300/20 p-5">
      <h2 className="font-serif text-xl font-bold text-navy-900">This account is not an editor's</h2>
      <p className="text-slate-800">
        The Editor Workspace is for our editors. If you are one, sign in with the e-mail address on your editor profile,
        or ask us to add this address to it.
      </p>
      <p>
        <a href="/dashboard" className="font-semibold text-navy-700 underline">
          Go to your dashboard
        </a>
      </p>
    </div>
  );
}
