import { Suspense, useId, useState, type LazyExoticComponent, type ComponentType } from 'react';

/**
 * A section of a signed-in page that opens on a press: its heading, a 'Show …' / 'Hide …' button and
 * a panel rendered only once opened, so the page's first paint carries none of the panel's code.
 * `what` names it in the button ('my earnings'); `open` opens it at first (read in the browser only:
 * the section is never in the server's HTML).
 */
export function SectionDisclosure({
  id,
  heading,
  what,
  loading,
  Panel,
  open: openAtFirst,
}: {
  id: string;
  heading: string;
  what: string;
  loading: string;
  Panel: LazyExoticComponent<ComponentType>;
  open?: () => boolean;
}) {
  const [open, setOpen] = useState(() => typeof window !== 'undefined' && (openAtFirst?.() ?? false));
  const panelId = useId();
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="space-y-3 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="font-serif text-2xl font-bold text-navy-900">
          {heading}
        </h2>
        <button
          type="button"
          className="btn-outline min-h-11 px-4 py-1.5 text-sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((shown) => !shown)}
        >
          {open ? `Hide ${what}` : `Show ${what}`}
        </button>
      </div>
      <div id={panelId} hidden={!open}>
        {open && (
          <Suspense fallback={<p role="status">{loading}</p>}>
            <Panel />
          </Suspense>
        )}
      </div>
    </section>
  );
}
