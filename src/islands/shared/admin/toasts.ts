/** Short notifications for the admin area (toasts): shown by <Toaster />, gone after a while. */
import { atom } from 'nanostores';
import { messages } from '#lib/messages';

export interface Toast {
  id: number;
  kind: 'success' | 'error';
  text: string;
}

/** Errors stay longer: they may need reading twice. */
const LIFETIME_MS = { success: 6_000, error: 10_000 };
const MAX_SHOWN = 4;

export const $toasts = atom<Toast[]>([]);
let nextId = 1;

export function dismissToast(id: number) {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

export function showToast(kind: Toast['kind'], text: string) {
  const toast = { id: nextId++, kind, text };
  $toasts.set([...$toasts.get(), toast].slice(-MAX_SHOWN));
  setTimeout(() => dismissToast(toast.id), LIFETIME_MS[kind]);
}

/** A list of the admin area that does not load says 'Failed to fetch data'. */
export const toastFetchFailed = () => showToast('error', messages.fetchFailed);
