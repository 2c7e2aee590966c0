/**
 * What the owner was told of by e-mail (a family's own cancel, a failed refund, an editor's closed
 * account): a count beside the Orders tab's name, and the list in that tab where each is marked seen.
 * One store feeds both.
 */
import { atom } from 'nanostores';
import { useEffect, useState } from 'react';
import type { AttentionItem } from '#lib/audit';
import { attentionWords } from '#features/admin/audit-words';
import { useSharedStore } from '../../../../islands/shared/useSharedStore';
import { attentionPage, markAttentionSeen } from '../../../../islands/shared/admin/admin-api';
import { Time } from '../../../../islands/shared/admin/Facts';
import { showToast } from '../../../../islands/shared/admin/toasts';

interface AttentionState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  items: AttentionItem[];
  unseen: number;
}

const $attention = atom<AttentionState>({ status: 'idle', items: [], unseen: 0 });

async function loadAttention() {
  $attention.set({ ...$attention.get(), status: 'loading' });
  const result = await attentionPage();
  if (!result.ok) return $attention.set({ ...$attention.get(), status: 'failed' });
  $attention.set({ status: 'ready', items: result.data.items, unseen: result.data.unseen });
}

function useAttention() {
  const state = useSharedStore($attention);
  useEffect(() => {
    if ($attention.get().status === 'idle') void loadAttention();
  }, []);
  return state;
}

/**
 * ' (2)' after a tab's name while 2 events wait to be seen. Seen, not heard: the tab keeps its name
 * for a screen reader, and the 'Needs you' heading of its panel says the count.
 */
export function AttentionCount() {
  const { unseen } = useAttention();
  return unseen === 0 ? null : <span aria-hidden="true"> ({unseen})</span>;
}

/** The events not yet seen, newest first; nothing at all once every one is. */
export function AttentionList() {
  const { status, items } = useAttention();
  const [marking, setMarking] = useState<string | null>(null);
  const waiting = items.filter((item) => !item.seen);

  async function markSeen(item: AttentionItem) {
    setMarking(item.id);
    const result = await markAttentionSeen(item.id);
    setMarking(null);
    if (!result.ok) return showToast('error', 'Could not mark it seen; please try again.');
    const state = $attention.get();
    $attention.set({
      ...state,
      items: state.items.map((i) => (i.id === item.id ? { ...i, seen: true } : i)),
      unseen: Math.max(0, state.unseen - 1),
    });
  }

  if (status === 'failed') {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-3">
        <p className="text-sm text-red-900">What needs you could not be loaded.</p>
        <button type="button" className="btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={() => void loadAttention()}>
          Try again
        </button>
      </div>
    );
  }
  if (waiting.length === 0) return null;
  return (
    <section aria-labelledby="attention-heading" className="rounded-xl border border-beacon-400 bg-navy-50 p-4">
      <h3 id="attention-heading" className="font-serif text-lg font-bold text-navy-900">
        Needs you ({waiting.length})
      </h3>
      <ul className="mt-2 space-y-3">
        {waiting.map((item) => (
          <li key={item.id} className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0 text-sm text-slate-900 [overflow-wrap:anywhere]">
              <p className="font-semibold">
                {attentionWords[item.kind]} · <Time iso={item.at} />
              </p>
              <p>{item.text}</p>
            </div>
            {/* aria-disabled, not disabled: a disabled button drops the keyboard focus while it is saved. */}
            <button
              type="button"
              className="btn-outline min-h-10 px-4 py-1.5 text-sm aria-disabled:opacity-60"
              aria-disabled={marking === item.id}
              onClick={marking === item.id ? undefined : () => void markSeen(item)}
            >
              Mark seen
              <span className="sr-only">
                {' '}
                ({attentionWords[item.kind]}
                {item.orderId && `, order ${item.orderId}`})
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
