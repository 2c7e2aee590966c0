/**
 * Finding an editor: the addresses of the editors list, its filters and each editor's profile. The
 * filters are paths, not query strings, so every filtered list is a page of the build and works
 * before (and without) JavaScript, and a link to it can be shared.
 */

/** A filter of the editors list: an editor's major (as its slug), and only editors with an open slot. */
export interface EditorFilter {
  major?: string;
  openOnly?: boolean;
}

interface Listed {
  id: string;
  major: string;
  slotsOpen: number;
}

/** The path segments under /editors/ that are filters, never an editor's id. */
export const LISTING_SEGMENTS = ['major', 'open-slots'] as const;

/** 'Business (Wharton)' -> 'business-wharton'. */
export function majorSlug(major: string): string {
  return (
    major
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'other'
  );
}

/** The majors the editors studied, once each, in alphabetical order, with their slugs. */
export function listingMajors(editors: readonly { major: string }[]): { major: string; slug: string }[] {
  const bySlug = new Map<string, string>();
  for (const { major } of editors) {
    const slug = majorSlug(major);
    if (!bySlug.has(slug)) bySlug.set(slug, major.trim());
  }
  return [...bySlug].map(([slug, major]) => ({ major, slug })).sort((a, b) => a.major.localeCompare(b.major));
}

export function filterEditors<T extends Listed>(editors: readonly T[], filter: EditorFilter = {}): T[] {
  return editors.filter(
    (e) => (!filter.major || majorSlug(e.major) === filter.major) && (!filter.openOnly || e.slotsOpen > 0),
  );
}

/** The list with these filters: /editors, /editors/major/biology, /editors/open-slots, /editors/major/biology/open-slots. */
export function listingHref({ major, openOnly }: EditorFilter = {}): string {
  return `/editors${major ? `/major/${encodeURIComponent(major)}` : ''}${openOnly ? '/open-slots' : ''}`;
}

export const profileHref = (editorId: string) => `/editors/${encodeURIComponent(editorId)}`;

/** Where 'Join Waitlist' leads before the page's script runs: the profile, which offers it again. */
export const WAITLIST_ANCHOR = 'waitlist';
export const waitlistHref = (editorId: string) => `${profileHref(editorId)}#${WAITLIST_ANCHOR}`;

/** The line that says what a filtered list shows; `majorName` is the major as the editors wrote it. */
export function listingSummary(filter: EditorFilter & { majorName?: string }, count: number): string {
  const who = count === 1 ? '1 editor' : `${count} editors`;
  const studied = filter.majorName ? ` who studied ${filter.majorName}` : '';
  const open = filter.openOnly ? ' with an open slot' : '';
  return `Showing ${who}${studied}${open}.`;
}
