/** Finding an editor: the filters' paths, what they keep, and the grid as the build renders it. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEMO_EDITORS } from '../../server/seed';
import EditorsGrid from '../../islands/EditorsGrid';
import {
  filterEditors,
  listingHref,
  listingMajors,
  listingSummary,
  majorSlug,
  profileHref,
  waitlistHref,
} from '../../editor-listing';
import { editorSchema } from '../../editor.schema';

const editors = DEMO_EDITORS.map((e) => editorSchema.parse(e));
const ids = (list: { id: string }[]) => list.map((e) => e.id);

describe('the editors list’s filters', () => {
  it('a major’s slug is its name in plain lower-case words', () => {
    expect(majorSlug('Business (Wharton)')).toBe('business-wharton');
    expect(majorSlug(' Économie & Philosophy ')).toBe('economie-philosophy');
    expect(majorSlug('***')).toBe('other');
  });

  it('lists each major once, by name, whatever its spelling in case and spaces', () => {
    const majors = listingMajors([{ major: 'English' }, { major: 'Biology' }, { major: 'english ' }]);
    expect(majors).toEqual([
      { major: 'Biology', slug: 'biology' },
      { major: 'English', slug: 'english' },
    ]);
    expect(listingMajors(editors)).toHaveLength(new Set(editors.map((e) => e.major)).size);
  });

  it('keeps the editors of a major, those with an open slot, or both', () => {
    expect(ids(filterEditors(editors))).toEqual(ids(editors));
    expect(ids(filterEditors(editors, { major: 'computer-science' }))).toEqual(['maya-chen']);
    expect(ids(filterEditors(editors, { openOnly: true }))).not.toContain('daniel-okafor');
    expect(filterEditors(editors, { openOnly: true }).every((e) => e.slotsOpen > 0)).toBe(true);
    expect(filterEditors(editors, { major: 'business-wharton', openOnly: true })).toEqual([]);
  });

  it('each filter is a path of its own, so it works without a script and can be shared', () => {
    expect(listingHref()).toBe('/editors');
    expect(listingHref({ major: 'biology' })).toBe('/editors/major/biology');
    expect(listingHref({ openOnly: true })).toBe('/editors/open-slots');
    expect(listingHref({ major: 'biology', openOnly: true })).toBe('/editors/major/biology/open-slots');
    expect(profileHref('maya-chen')).toBe('/editors/maya-chen');
    expect(waitlistHref('daniel-okafor')).toBe('/editors/daniel-okafor#waitlist');
  });

  it('says what a list shows', () => {
    expect(listingSummary({ major: 'biology', majorName: 'Biology' }, 1)).toBe('Showing 1 editor who studied Biology.');
    expect(listingSummary({ openOnly: true }, 5)).toBe('Showing 5 editors with an open slot.');
    expect(listingSummary({}, 0)).toBe('Showing 0 editors.');
  });
});

describe('the editors grid as the build renders it', () => {
  const render = (props: Parameters<typeof EditorsGrid>[0]) => renderToStaticMarkup(createElement(EditorsGrid, props));

  it('renders the built editors as cards, each name leading to its profile, and no skeleton', () => {
    const html = render({ built: editors, headingLevel: 2, placeholders: 6 });
    for (const e of editors) expect(html).toContain(`data-editor="${e.id}"`);
    expect(html).toContain('href="/editors/maya-chen"');
    expect(html).not.toContain('data-skeleton');
    expect(html).toContain('aria-busy="false"');
    // Before the script, a full editor's waitlist is a link to the profile, which offers it too.
    expect(html).toContain('href="/editors/daniel-okafor#waitlist"');
  });

  it('renders the filtered editors with a line that says what they are', () => {
    const html = render({ built: editors, filter: { major: 'english', majorName: 'English' }, placeholders: 6 });
    expect(html).toContain('data-editor="sofia-ramirez"');
    expect(html.match(/data-editor="/g)).toHaveLength(1);
    expect(html).toContain('Showing 1 editor who studied English.');
  });

  it('with nothing built, holds the space with skeletons while the live list loads', () => {
    const html = render({ built: [], placeholders: 3 });
    expect(html.match(/data-skeleton/g)).toHaveLength(3);
    expect(html).toContain('Loading editors…');
    expect(html).toContain('aria-busy="true"');
  });
});
