/** Today's links open the list that shows what they count: each names a filter its tab reads from the URL and asks the server for. */
import { describe, expect, it } from 'vitest';
import { TODAY_ITEMS, todayHref } from '../../today';
import { orderFilterFromSearch, ordersSearch } from '../../../../islands/shared/admin/order-filters';
import { projectFilterFromSearch, projectsSearch } from '../../../../islands/shared/admin/project-filters';
import { reviewFilterFromSearch, reviewsSearch } from '../../../../islands/shared/admin/review-filters';
import { searchParam } from '../../../../islands/shared/admin/url-filter';
import { INQUIRY_FILTERS } from '#lib/admin-lists';
import { APPLICATION_STAGES } from '#features/applications/application';
import { unacknowledged, ACK_REMINDER_MS } from '#features/projects/process';

/** What a tab asks the server for after opening on `search`, without the page parameters. */
const askedBy: Record<string, (search: string) => string> = {
  orders: (search) => ordersSearch(orderFilterFromSearch(search), null),
  projects: (search) => projectsSearch(projectFilterFromSearch(search), null),
  reviews: (search) => reviewsSearch(reviewFilterFromSearch(search), null),
  inquiries: (search) => `?status=${searchParam(search, 'status', INQUIRY_FILTERS) || 'all'}`,
  applications: (search) => `?stage=${searchParam(search, 'stage', APPLICATION_STAGES) || 'all'}`,
};

describe("Today's links", () => {
  it.each(TODAY_ITEMS.map((item) => [item.id, item] as const))(
    '%s opens its tab asking for what it counts',
    (_id, item) => {
      const url = new URL(todayHref(item), 'http://localhost');
      expect(url.pathname).toBe('/admin');
      expect(url.searchParams.get('tab')).toBe(item.tab);
      const asked = new URLSearchParams(askedBy[item.tab](url.search));
      asked.delete('limit');
      for (const [name, value] of Object.entries(item.query)) expect(asked.get(name)).toBe(value);
      // The tab asks for nothing the link did not name (the inquiries' and applications' 'all' aside).
      for (const [name, value] of asked) if (value !== 'all') expect(item.query).toHaveProperty(name, value);
    },
  );

  it('a value a list does not know is no filter', () => {
    expect(orderFilterFromSearch('?state=lost&needs=yes').state).toBe('');
    expect(orderFilterFromSearch('?state=lost&needs=yes').needsYou).toBe(false);
    expect(projectFilterFromSearch('?state=final&late=1')).toMatchObject({ state: 'final', lateOnly: false });
    expect(reviewFilterFromSearch('?score=9&held=true')).toMatchObject({ score: '', held: 'true' });
  });
});

describe('a draft not acknowledged in time', () => {
  const submittedAt = '2026-12-01T10:00:00.000Z';
  const project = (state: 'submitted' | 'in_review') => ({ state, rounds: [{ submittedAt }] }) as never;
  it('is one still submitted once the hours promised have passed', () => {
    const due = new Date(Date.parse(submittedAt) + ACK_REMINDER_MS);
    expect(unacknowledged(project('submitted'), new Date(due.getTime() - 1))).toBe(false);
    expect(unacknowledged(project('submitted'), due)).toBe(true);
    expect(unacknowledged(project('in_review'), due)).toBe(false);
  });
});
