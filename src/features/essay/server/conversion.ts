import type { DraftText, EssayBlock } from '../essay';

/** What converting one draft gives: its blocks when ready, else why not. */
export type Conversion = { status: DraftText['status']; blocks: EssayBlock[]; reason?: string };
