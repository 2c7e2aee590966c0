import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab {
  id: string;
  label: ReactNode;
  render: () => ReactNode;
}

interface TabsProps {
  label: string;
  tabs: Tab[];
  onChange?: () => void;
  className?: string;
  /**
   * The selected tab's id, when the caller keeps it (e.g. in the URL); `onSelect` is then told of
   * every choice. Without it the tab list keeps its own, starting with `initial` (the first tab by default).
   */
  selected?: string;
  initial?: string;
  onSelect?: (id: string) => void;
}

/**
 * An ARIA tab list (WAI-ARIA APG, automatic activation): one tab in the Tab order, arrows, Home and
 * End move between tabs; only the selected panel is rendered.
 */
export function Tabs({
  label,
  tabs,
  onChange,
  className = '',
  selected: controlled,
  onSelect,
  initial = tabs[0].id,
}: TabsProps) {
  const [own, setOwn] = useState(initial);
  const selected = controlled ?? own;
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  // A tab list that scrolls sideways (a phone) shows the open tab, also one opened from the URL.
  useEffect(() => {
    const tab = refs.current[selected];
    const list = tab?.parentElement;
    if (!tab || !list || list.scrollWidth <= list.clientWidth) return;
    if (tab.offsetLeft < list.scrollLeft || tab.offsetLeft + tab.offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollLeft = tab.offsetLeft - 8;
  }, [selected]);

  function select(id: string) {
    if (controlled === undefined) setOwn(id);
    onSelect?.(id);
    onChange?.();
    refs.current[id]?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.findIndex((t) => t.id === selected);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(tabs[(next + tabs.length) % tabs.length].id);
  }

  return (
    <div>
      {/* The tabs are focusable, one at a time; the list only hears their arrow keys. */}
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus */}
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className={`mb-5 flex gap-1 rounded-lg bg-navy-50 p-1 ${className}`}
      >
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[tab.id] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={selected === tab.id}
            aria-controls={`panel-${tab.id}`}
            tabIndex={selected === tab.id ? 0 : -1}
            onClick={() => select(tab.id)}
            className="min-h-11 flex-1 rounded-md px-3 text-sm font-semibold text-slate-700 aria-selected:bg-white aria-selected:text-navy-800 aria-selected:shadow"
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`panel-${tab.id}`}
          aria-labelledby={`tab-${tab.id}`}
          hidden={selected !== tab.id}
        >
          {selected === tab.id && tab.render()}
        </div>
      ))}
    </div>
  );
}
