import { describe, expect, it } from 'vitest';
import { isFiltered, NO_PROJECT_FILTER, projectsSearch } from '../../src/islands/shared/admin/project-filters';
import { editsLeftText } from '../../src/features/projects/islands/admin/project-text';
import { hrefWithTab, tabFromSearch } from '../../src/islands/shared/useTabInUrl';
import { PROJECT_STATES } from '../../src/features/projects/project';
import { projectStateLabel, teamStateLabel } from '../../src/features/projects/process';

describe("the admin's project filters", () => {
  it('asks for the page alone when nothing is filtered', () => {
    expect(projectsSearch(NO_PROJECT_FILTER, null)).toBe('?limit=50');
    expect(isFiltered(NO_PROJECT_FILTER)).toBe(false);
  });

  it('adds only the filters that are set, after the cursor', () => {
    expect(projectsSearch({ ...NO_PROJECT_FILTER, state: 'submitted' }, null)).toBe('?limit=50&state=submitted');
    expect(
      projectsSearch(
        { ...NO_PROJECT_FILTER, editorId: 'maya-chen', lateOnly: true },
        'by-created/2026-01-01T00:00:00.000Z-BCC-ABC123-1',
      ),
    ).toBe('?limit=50&cursor=by-created%2F2026-01-01T00%3A00%3A00.000Z-BCC-ABC123-1&editor=maya-chen&late=true');
    expect(isFiltered({ ...NO_PROJECT_FILTER, lateOnly: true })).toBe(true);
    expect(isFiltered({ ...NO_PROJECT_FILTER, editorId: 'maya-chen' })).toBe(true);
  });
});

describe("the admin's words for projects", () => {
  it('names every state; the admin reads the first one as the editor does, not as the customer', () => {
    expect(Object.keys(teamStateLabel).sort()).toEqual([...PROJECT_STATES].sort());
    expect(teamStateLabel.awaiting_draft).toBe('Waiting for the draft');
    expect(teamStateLabel.submitted).toBe(projectStateLabel.submitted);
  });

  it('counts edits left, unlimited for the Common App essay', () => {
    expect(editsLeftText(null)).toBe('Unlimited');
    expect(editsLeftText(0)).toBe('0');
    expect(editsLeftText(3)).toBe('3');
  });
});

describe('the open tab in the URL', () => {
  const ids = ['editors', 'projects', 'outbox'];

  it('reads the tab the URL names, and the first for none or one it does not know', () => {
    expect(tabFromSearch('?tab=projects', ids)).toBe('projects');
    expect(tabFromSearch('', ids)).toBe('editors');
    expect(tabFromSearch('?tab=nope', ids)).toBe('editors');
    expect(tabFromSearch('?x=1&tab=outbox', ids)).toBe('outbox');
  });

  it("names a tab and keeps the page and its hash, not the last tab's filters", () => {
    expect(hrefWithTab('https://example.test/admin', 'projects')).toBe('https://example.test/admin?tab=projects');
    expect(hrefWithTab('https://example.test/admin?tab=orders&state=declined#top', 'outbox')).toBe(
      'https://example.test/admin?tab=outbox#top',
    );
  });
});
