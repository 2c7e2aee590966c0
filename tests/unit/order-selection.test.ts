/**
 * The order store's restore (saved selection, then the link) and what the pickers apply on top of it
 * (decision 015): wanted states, not toggles, so a tick seen twice counts once.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_ADD_ONS } from '../../src/lib/catalogue';
import {
  $order,
  chooseEditor,
  clearSelection,
  restoreSelection,
  setAddOnChosen,
  setServiceChosen,
  settleEditor,
} from '../../src/stores/order';

const KNOWN = ['maya-chen', 'ethan-park'];
const params = (query: string) => new URLSearchParams(query);

/** A sessionStorage for the store to read and write (vitest runs in node). */
function fakeSessionStorage() {
  const items = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  });
}

beforeEach(() => {
  vi.unstubAllGlobals();
  fakeSessionStorage();
  clearSelection();
});

describe('restoreSelection', () => {
  it('applies the saved selection, then the service, add-on and editor of the link, and answers what it used', () => {
    setServiceChosen('activity-list', true);
    expect(restoreSelection(params('service=common-app-essay&addon=speed24hr&editor=maya-chen'), KNOWN)).toEqual([
      'service',
      'addon',
      'editor',
    ]);
    expect($order.get()).toEqual({
      services: { 'activity-list': 1, 'common-app-essay': 1 },
      editorId: 'maya-chen',
      addOns: ['speed24hr'],
    });
  });

  it('leaves a link to an editor the build did not know for the live list; a visitor’s own pick outranks it', () => {
    chooseEditor('maya-chen');
    expect(restoreSelection(params('editor=nora-quinn'), KNOWN)).toEqual([]);
    expect($order.get().editorId).toBe('maya-chen');
    expect(settleEditor([...KNOWN, 'nora-quinn'])).toEqual({ linkUsed: true, dropped: false });
    expect($order.get().editorId).toBe('nora-quinn');

    restoreSelection(params('editor=nora-quinn'), KNOWN);
    chooseEditor('ethan-park');
    expect(settleEditor([...KNOWN, 'nora-quinn'])).toEqual({ linkUsed: false, dropped: false });
    expect($order.get().editorId).toBe('ethan-park');
  });

  it('ignores a link to no editor at all, and drops a chosen editor the live list no longer has', () => {
    chooseEditor('maya-chen');
    restoreSelection(params('editor=nobody'), KNOWN);
    expect(settleEditor(KNOWN)).toEqual({ linkUsed: false, dropped: false });
    expect($order.get().editorId).toBe('maya-chen');
    expect(settleEditor(['ethan-park'])).toEqual({ linkUsed: false, dropped: true });
    expect($order.get().editorId).toBeNull();
  });
});

describe('wanted states', () => {
  it('choosing a service twice keeps it once at quantity 1; unchoosing forgets the quantity', () => {
    setServiceChosen('supplement-small', true);
    setServiceChosen('supplement-small', true);
    expect($order.get().services).toEqual({ 'supplement-small': 1 });
    setServiceChosen('supplement-small', false);
    setServiceChosen('supplement-small', false);
    expect($order.get().services).toEqual({});
  });

  it('the later speed upgrade wins; owned add-ons do not change', () => {
    setAddOnChosen('speed24hr', true, NO_ADD_ONS);
    setAddOnChosen('speed48hr', true, NO_ADD_ONS);
    setAddOnChosen('speed48hr', true, NO_ADD_ONS);
    expect($order.get().addOns).toEqual(['speed48hr']);
    setAddOnChosen('community', true, { ...NO_ADD_ONS, community: true });
    expect($order.get().addOns).toEqual(['speed48hr']);
  });
});
