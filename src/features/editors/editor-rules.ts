/**
 * Editor rules without zod, so islands can use them without shipping the schema library; an editor's
 * types, which editor.schema.ts infers, are named here for the browser.
 */
import { FULL_EDITOR_PRICE_LABEL } from '#lib/full-editor-price';
import type { EditorRating, OnTimeShare } from '#features/reviews/rating';
import type { TrackRecord } from '#features/reviews/track-record';

import type { Editor } from './editor.schema';
import type { EditorSteps } from './invitation';

export type { Editor, EditorInput } from './editor.schema';

/** Full: no open slot, so a new booking takes none and costs the full editor's price. */
export const isFull = (editor: { slotsOpen: number }) => editor.slotsOpen === 0;

/**
 * The admin types the SAT/ACT field freely: '1540', '34', 'SAT 1500', 'ACT: 35', or 'SAT 1500, ACT 34'.
 * The cards show one test and one score: the test the text names, or for a bare number the one its
 * size says (a score under 100 can only be an ACT); anything else as typed, under 'SAT/ACT'.
 */
export function testScore(text: string): { label: string; value: string } {
  const typed = text.trim();
  const testFirst = /^(SAT|ACT)\b[\s:=-]*(\d{1,4})$/i.exec(typed); // 'SAT 1500', 'ACT: 35'
  if (testFirst) return { label: testFirst[1].toUpperCase(), value: testFirst[2] };
  const scoreFirst = /^(\d{1,4})\s*(SAT|ACT)$/i.exec(typed); // '1500 SAT'
  if (scoreFirst) return { label: scoreFirst[2].toUpperCase(), value: scoreFirst[1] };
  if (/^\d{1,4}$/.test(typed)) return { label: Number(typed) < 100 ? 'ACT' : 'SAT', value: typed };
  return { label: 'SAT/ACT', value: typed };
}

/** SAT or ACT, as testScore reads the field (a bare score under 100 is an ACT). */
export const testLabel = (score: string) => testScore(score).label;

/** The admin's reminder beside an editor's open slots at 0: what the site then does. */
export const FULL_EDITOR_HINT = `With 0 slots open the editor shows as 'Currently Full', and new orders of editing cost ${FULL_EDITOR_PRICE_LABEL}.`;

/** What an editor picker shows: the build renders these into the page, the live list refreshes them. */
export interface EditorChoice {
  id: string;
  name: string;
  college: string;
  major: string;
  slotsOpen: number;
  totalSlots: number;
  rating: EditorRating;
  onTime: OnTimeShare;
  track: TrackRecord;
}

export const toEditorChoice = ({
  id,
  name,
  college,
  major,
  slotsOpen,
  totalSlots,
  rating,
  onTime,
  track,
}: EditorChoice): EditorChoice => ({ id, name, college, major, slotsOpen, totalSlots, rating, onTime, track });

/** An editor as the admin reads them: the public fields and what only the admin sees. */
export interface AdminEditor extends Editor {
  hidden: boolean;
  /** The address the editor signs in with; '' for none. */
  accountEmail: string;
  /** Projects they edit now, open, finished and stopped unfinished; undefined where not counted. */
  projects?: ProjectCounts;
  /** Their way in: the invitation, their own profile, how they are paid. */
  steps: EditorSteps;
}

/** An editor's projects: open, finished (made final) and stopped (withdrawn or cancelled). */
export interface ProjectCounts {
  open: number;
  finished: number;
  stopped: number;
}
