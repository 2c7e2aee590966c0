import { describe, expect, it } from 'vitest';
import {
  ADD_ONS,
  NO_ADD_ONS,
  SERVICES,
  addOnStates,
  type AddOnId,
  type OwnedAddOns,
  type ServiceId,
} from '../../src/lib/catalogue';
import { formatUsd } from '../../src/lib/money';
import { priceOrder, toggleAddOn, unitPriceCents } from '../../src/lib/pricing';

const one = (id: ServiceId, quantity = 1) => ({ id, quantity });
const price = (
  services: { id: ServiceId; quantity: number }[],
  { editorFull = false, addOns = [] as AddOnId[], owned = NO_ADD_ONS } = {},
) => priceOrder({ services, editorFull, addOns, owned });

describe('catalogue prices', () => {
  it.each([
    ['common-app-essay', 30000],
    ['supplement-large', 10000],
    ['supplement-small', 7500],
    ['activity-list', 10000],
  ] as const)('%s costs %i cents', (id, cents) => {
    expect(price([one(id)]).totalCents).toBe(cents);
  });

  it.each([
    ['community', 5000],
    ['speed24hr', 45000],
    ['speed48hr', 25000],
  ] as const)('add-on %s costs %i cents', (id, cents) => {
    expect(ADD_ONS.find((a) => a.id === id)?.priceCents).toBe(cents);
    expect(price([one('activity-list')], { addOns: [id] }).totalCents).toBe(10000 + cents);
  });
});

describe('a full editor: x1.5 on services when the editor has no open slot', () => {
  it.each([
    ['common-app-essay', 45000, '$450'],
    ['supplement-large', 15000, '$150'],
    ['supplement-small', 11250, '$112.50'],
    ['activity-list', 15000, '$150'],
  ] as const)('%s costs %i cents (%s) with a full editor, exactly as marketed', (id, cents, shown) => {
    const { serviceLines, totalCents } = price([one(id)], { editorFull: true });
    expect(serviceLines[0].unitCents).toBe(cents);
    expect(totalCents).toBe(cents);
    expect(formatUsd(cents)).toBe(shown);
  });

  it('leaves add-ons at their price', () => {
    const { addOnLines, totalCents } = price([one('supplement-small')], { editorFull: true, addOns: ['speed48hr'] });
    expect(addOnLines[0].chargedCents).toBe(25000);
    expect(totalCents).toBe(11250 + 25000);
  });

  it('leaves prices alone for an editor with open slots', () => {
    expect(unitPriceCents(7500, false)).toBe(7500);
  });
});

describe('quantities', () => {
  it('multiplies the unit price (a full editor’s too) by the quantity', () => {
    expect(price([one('supplement-small', 3)]).totalCents).toBe(22500);
    expect(price([one('supplement-small', 3)], { editorFull: true }).totalCents).toBe(33750);
  });

  it('adds up several services', () => {
    const order = price([one('common-app-essay'), one('supplement-large', 2), one('activity-list')]);
    expect(order.serviceLines.map((l) => l.totalCents)).toEqual([30000, 20000, 10000]);
    expect(order.totalCents).toBe(60000);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses quantity %s', (quantity) => {
    expect(() => price([one('activity-list', quantity)])).toThrow(/quantity/);
  });

  it('refuses an unknown service', () => {
    expect(() => price([{ id: 'nope' as ServiceId, quantity: 1 }])).toThrow(/Unknown service/);
  });
});

describe('owned add-ons', () => {
  it.each(ADD_ONS.map((a) => a.id))('%s is listed but free when already owned', (id) => {
    const owned = { ...NO_ADD_ONS, [id]: true };
    const { addOnLines, totalCents } = price([one('activity-list')], { addOns: [id], owned });
    expect(addOnLines).toEqual([expect.objectContaining({ id, owned: true, chargedCents: 0 })]);
    expect(totalCents).toBe(10000);
  });

  it('charges the add-ons that are not owned', () => {
    const owned = { ...NO_ADD_ONS, community: true };
    expect(price([one('activity-list')], { addOns: ['community', 'speed48hr'], owned }).totalCents).toBe(10000 + 25000);
  });
});

describe('empty selection', () => {
  it('totals 0 without a service, whatever add-ons are ticked', () => {
    expect(price([]).totalCents).toBe(0);
    expect(price([], { addOns: ['community', 'speed24hr'] }).totalCents).toBe(0);
  });
});

describe('24-hour and 48-hour exclude each other', () => {
  it('ticking 24-hour removes 48-hour and the other way round', () => {
    expect(toggleAddOn(['speed48hr', 'community'], 'speed24hr')).toEqual(['community', 'speed24hr']);
    expect(toggleAddOn(['speed24hr'], 'speed48hr')).toEqual(['speed48hr']);
  });

  it('ticking community keeps a speed upgrade; ticking again unticks', () => {
    expect(toggleAddOn(['speed24hr'], 'community')).toEqual(['speed24hr', 'community']);
    expect(toggleAddOn(['speed24hr', 'community'], 'community')).toEqual(['speed24hr']);
  });
});

describe('formatUsd', () => {
  it.each([
    [0, '$0'],
    [5000, '$50'],
    [11250, '$112.50'],
    [123456, '$1,234.56'],
    [100005, '$1,000.05'],
  ])('%i cents reads %s', (cents, text) => expect(formatUsd(cents)).toBe(text));
});

it('every service has a unique id and a positive whole-cent price', () => {
  expect(new Set(SERVICES.map((s) => s.id)).size).toBe(SERVICES.length);
  for (const s of SERVICES) expect(Number.isInteger(s.priceCents) && s.priceCents > 0).toBe(true);
});

describe('the Account card’s add-on states', () => {
  const states = (owned: Partial<OwnedAddOns>) =>
    addOnStates({ ...NO_ADD_ONS, ...owned }).map(({ addOn, state }) => [addOn.id, state]);

  it('lists all three add-ons: owned, or available to add', () => {
    expect(states({})).toEqual([
      ['community', 'available'],
      ['speed24hr', 'available'],
      ['speed48hr', 'available'],
    ]);
    expect(states({ community: true, speed48hr: true })).toEqual([
      ['community', 'owned'],
      ['speed24hr', 'available'],
      ['speed48hr', 'owned'],
    ]);
  });

  it('the 24-hour response covers the 48-hour one', () => {
    expect(states({ speed24hr: true })).toEqual([
      ['community', 'available'],
      ['speed24hr', 'owned'],
      ['speed48hr', 'covered'],
    ]);
  });
});
