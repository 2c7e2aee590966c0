/**
 * Editor rules of SPEC §3 without zod, so islands can use them without shipping the schema library
 * (importing schemas.ts from an island pulls in all of zod). schemas.ts re-exports them.
 */
import { SURGE_DENOMINATOR, SURGE_NUMERATOR } from './surge';

/** Full: no open slot, so new bookings are overflow at the surge price. */
export const isOverbooked = (editor: { slotsOpen: number }) => editor.slotsOpen === 0;

/** SAT or ACT: a score under 100 can only be an ACT (SPEC §3). */
export const testLabel = (score: string) => (Number(score) < 100 ? 'ACT' : 'SAT');

/** How the surge on a full editor is written for people: "1.5x" (SPEC §4, §9). */
export const SURGE_LABEL = `${SURGE_NUMERATOR / SURGE_DENOMINATOR}x`;

/** What an editor picker shows: the build renders these into the page, the live list refreshes them. */
export interface EditorChoice {
  id: string;
  name: string;
  college: string;
  major: string;
  slotsOpen: number;
  totalSlots: number;
}

export const toEditorChoice = ({ id, name, college, major, slotsOpen, totalSlots }: EditorChoice): EditorChoice => ({
  id,
  name,
  college,
  major,
  slotsOpen,
  totalSlots,
});
