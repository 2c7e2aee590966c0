/**
 * The availability as the admin is editing it, outside the editor: switching to another admin tab
 * unmounts the editor, and what was typed (hours, a day off not yet added) must be there on return.
 * Null while nothing differs from what was loaded or saved.
 */
import { atom } from 'nanostores';
import type { Availability } from '../../consult-availability';

export interface AvailabilityDraft {
  availability: Availability;
  /** The day-off and open-date fields, typed but not added yet. */
  dayOff: string;
  openDate: string;
}

export const $availabilityDraft = atom<AvailabilityDraft | null>(null);
