/** What /admin shows of the backups (GET /api/admin/backups): times are ISO, sizes in bytes. */
export interface BackupsStatus {
  /** Null until the first backup run. */
  backup: {
    /** When the first whole copy finished; null while it is under way. */
    firstCopyAt: string | null;
    /** Every change made before this time is kept; null until the first copy is finished. */
    keptUntil: string | null;
    /** The oldest time a restore can go back to. */
    oldestPoint: string | null;
    /** The newest hour with changes: when its copy finished, and what it held. */
    last: { at: string; copied: number; gone: number; bytes: number } | null;
    /** The whole copy's size when it was made. */
    firstCopy: { blobs: number; bytes: number };
  } | null;
  /** Null until the first rehearsal begins. */
  rehearsal: {
    /** The point restored: every change before this time. */
    point: string;
    finishedAt: string | null;
    blobs: number;
    problems: string[];
  } | null;
}
