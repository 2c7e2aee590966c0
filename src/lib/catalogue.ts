/**
 * The one price table. Money is integer cents everywhere; the browser displays
 * these numbers, the server charges them.
 */

export const SERVICE_IDS = ['common-app-essay', 'supplement-large', 'supplement-small', 'activity-list'] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

export interface Service {
  id: ServiceId;
  title: string;
  priceCents: number;
  description: string;
  /** The short rule shown under the price. */
  note: string;
  /** Every service but the Common App essay can be bought more than once. */
  hasQuantity: boolean;
  /** Rounds of feedback included per unit bought; null: as many as the essay needs. */
  edits: number | null;
}

/** The edits of a supplement or an activity list: the one number the notes and the projects read. */
export const LIMITED_EDITS = 3;

export const SERVICES: readonly Service[] = [
  {
    id: 'common-app-essay',
    title: 'Common App Essay Editing',
    priceCents: 30000,
    description: 'Line-by-line editing of your personal statement with an editor who studied your major.',
    note: 'Unlimited drafts, keeping your singular voice',
    hasQuantity: false,
    edits: null,
  },
  {
    id: 'supplement-large',
    title: 'Supplemental Essay Help (Large)',
    priceCents: 10000,
    description: 'For school-specific prompts of 450 words or more.',
    note: `450+ word prompts, ${LIMITED_EDITS} edits`,
    hasQuantity: true,
    edits: LIMITED_EDITS,
  },
  {
    id: 'supplement-small',
    title: 'Supplemental Essay Help (Small)',
    priceCents: 7500,
    description: 'For short prompts of about 300 words.',
    note: `300-word prompts, ${LIMITED_EDITS} edits`,
    hasQuantity: true,
    edits: LIMITED_EDITS,
  },
  {
    id: 'activity-list',
    title: 'Activity List Editing',
    priceCents: 10000,
    description: 'Sharper wording for up to 15 Common App activity entries.',
    note: `Limited to ${LIMITED_EDITS} edits per purchase`,
    hasQuantity: true,
    edits: LIMITED_EDITS,
  },
];

export const ADD_ON_IDS = ['community', 'speed24hr', 'speed48hr'] as const;
export type AddOnId = (typeof ADD_ON_IDS)[number];
export type OwnedAddOns = Record<AddOnId, boolean>;

export interface AddOn {
  id: AddOnId;
  title: string;
  priceCents: number;
  description: string;
  detail: string;
  /** How the account card lists it once owned. */
  ownedLabel: string;
}

export const ADD_ONS: readonly AddOn[] = [
  {
    id: 'community',
    title: 'Paid Community Access',
    priceCents: 5000,
    description: 'Lifetime access to our private Discord community.',
    detail: 'Unlimited quick questions, weekly Ask a Grad sessions',
    ownedLabel: 'Community Access (Lifetime)',
  },
  {
    id: 'speed24hr',
    title: '24-Hour Response',
    priceCents: 45000,
    description: 'Every edit returned within 24 hours.',
    detail: 'One-time upgrade, applies to all future orders',
    ownedLabel: '24-Hour Response (All Future Orders)',
  },
  {
    id: 'speed48hr',
    title: '48-Hour Response',
    priceCents: 25000,
    description: 'Every edit returned within 48 hours.',
    detail: 'One-time upgrade, applies to all future orders',
    ownedLabel: '48-Hour Response (All Future Orders)',
  },
];

/** The two speed upgrades exclude each other. */
export const EXCLUSIVE_ADD_ONS: Partial<Record<AddOnId, AddOnId>> = { speed24hr: 'speed48hr', speed48hr: 'speed24hr' };

export const NO_ADD_ONS: OwnedAddOns = { community: false, speed24hr: false, speed48hr: false };

/** The marketing pages' id for the community, which select-services maps to the add-on. */
export const COMMUNITY_SERVICE_ID = 'paid-community';

export { FULL_EDITOR_PRICE_DENOMINATOR, FULL_EDITOR_PRICE_NUMERATOR } from './full-editor-price';
export const ACTIVE_SLOTS_PER_EDITOR = 5;

/** Contact-form service checkboxes. */
export const CONTACT_SERVICE_OPTIONS = [
  { id: 'activities', label: 'Activity List Editing', needsTurnaround: true },
  { id: 'commonapp', label: 'Common App Essay Editing', needsTurnaround: true },
  { id: 'supplements', label: 'Supplemental Essay Help', needsTurnaround: true },
  { id: 'community', label: 'Paid Community Access ($50 lifetime)', needsTurnaround: false },
  { id: 'speed24', label: '24-Hour Response (+$450)', needsTurnaround: false },
  { id: 'speed48', label: '48-Hour Response (+$250)', needsTurnaround: false },
] as const;

/** Intended majors; the value sent is the label lower-cased. */
export const MAJORS = [
  'Business',
  'STEM',
  'Humanities',
  'Social Sciences',
  'Visual Arts',
  'Undecided',
  'Other (specify in Additional Details)',
] as const;
export const majorValue = (label: string) => label.toLowerCase();
export const MAJOR_VALUES = MAJORS.map(majorValue);
/** The majors where a form has no Additional Details field (the checkout): its Other asks for nothing more. */
export const majorsWithoutDetails = () => [...MAJORS.filter((major) => !major.startsWith('Other')), 'Other'];

export const TURNAROUND_OPTIONS = [
  { id: 'standard', label: 'Standard 3-5 days', priceCents: 0 },
  { id: '48hr', label: '48-Hour Response', priceCents: 25000 },
  { id: '24hr', label: '24-Hour Response', priceCents: 45000 },
] as const;
type TurnaroundId = (typeof TURNAROUND_OPTIONS)[number]['id'];

/** Each faster turnaround and the add-on that gives it, fastest first. */
const SPEED_UPGRADES: readonly { turnaround: TurnaroundId; addOn: AddOnId }[] = [
  { turnaround: '24hr', addOn: 'speed24hr' },
  { turnaround: '48hr', addOn: 'speed48hr' },
];

/** The turnaround an order gets: a speed upgrade chosen now or owned from before (an owned upgrade speeds up all future orders). */
export function turnaroundFor(addOns: readonly AddOnId[], owned: OwnedAddOns) {
  const has = (id: AddOnId) => addOns.includes(id) || owned[id];
  const id = SPEED_UPGRADES.find((speed) => has(speed.addOn))?.turnaround ?? 'standard';
  return TURNAROUND_OPTIONS.find((t) => t.id === id)!;
}

/** The add-on that gives a turnaround ('48hr': 'speed48hr'); null for the standard one. */
export const speedUpgradeOf = (turnaroundId: string): AddOnId | null =>
  SPEED_UPGRADES.find((speed) => speed.turnaround === turnaroundId)?.addOn ?? null;

export const serviceById = (id: string) => SERVICES.find((s) => s.id === id);
export const addOnById = (id: string) => ADD_ONS.find((a) => a.id === id);

export type AddOnState = 'owned' | 'covered' | 'available';

/**
 * Where each one-time add-on stands for an account (the Account card): owned, covered by a better one
 * it owns (the 24-hour response covers the 48-hour one), or available to add to an order.
 */
export function addOnStates(owned: OwnedAddOns): { addOn: AddOn; state: AddOnState }[] {
  return ADD_ONS.map((addOn) => {
    if (owned[addOn.id]) return { addOn, state: 'owned' };
    return { addOn, state: addOn.id === 'speed48hr' && owned.speed24hr ? 'covered' : 'available' };
  });
}
