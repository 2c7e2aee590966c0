/**
 * GET /api/admin/reviews: the projects' reviews as our team reads them, newest review first, both sides' (the editor's
 * private one too), published or not, hidden or not, filtered by editor, overall score and hiding.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import adminReviews from '#functions/admin-reviews';
import { projectsRepo } from '#features/projects/server/projects.repo';
import type { ProjectView } from '#features/projects/project';
import type { Page } from '#lib/paged-list';
import type { AdminReview } from '../../reviews';
import { asAdmin, itRefusesAllButAdmins, testTokens } from '#tests/admin-access';
import { bearer, tokenOf } from '#tests/auth-emulator';
import { call } from '#tests/functions';
import { selection } from '#tests/orders';
import { act, paidOrder, submitText, useDeliveryParties } from '#tests/projects';

const parties = useDeliveryParties(['reviews', 'outbox']);
let sofia: string;
beforeAll(async () => {
  sofia = await tokenOf('sofia@example.test');
});

const list = async (search = '', headers?: Record<string, string>) =>
  (await call(adminReviews, `/api/admin/reviews${search}`, { headers: headers ?? (await asAdmin()) })) as {
    status: number;
    body: Page<AdminReview> & { error?: string };
  };

/** Projects of one order with `editorId`, carried to final by the family. */
async function finalProjects(editorId: string, editorToken: string, quantity: number): Promise<string[]> {
  const { projectIds } = await paidOrder(
    parties.customer.idToken,
    selection({ editorId, services: [{ id: 'supplement-small', quantity }] }),
  );
  for (const id of projectIds) {
    const project = (await projectsRepo().get(id))!;
    const submitted = (await submitText(parties.customer.idToken, project)).body as ProjectView;
    const returned = await act(editorToken, id, 'return', { version: submitted.version, notes: 'Notes' });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    const final = await act(parties.customer.idToken, id, 'finalize', { version: returned.body.version });
    expect(final.status, JSON.stringify(final.body)).toBe(200);
  }
  return projectIds;
}

const scores = (n: number) => ({ feedback: n, communication: n, onTime: n });

describe('GET /api/admin/reviews', () => {
  itRefusesAllButAdmins((headers) => call(adminReviews, '/api/admin/reviews', { headers }));

  it('refuses the project’s editor and family too (403)', async () => {
    for (const token of [parties.editorToken, parties.customer.idToken])
      expect((await list('', bearer(token))).status).toBe(403);
  });

  it.each([
    ['?score=0', 'score'],
    ['?score=6', 'score'],
    ['?score=4.5', 'score'],
    ['?score=five', 'score'],
    ['?hidden=yes', 'hidden'],
    ['?editor=', 'editor'],
    [`?editor=${'x'.repeat(101)}`, 'editor'],
    ['?limit=0', 'limit'],
  ])('answers 400 with { error } for %s', async (search, field) => {
    const res = await list(search);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringContaining(field) });
  });

  it('lists every reviewed project with both sides’ reviews, filtered by editor, score and hiding', async () => {
    const [published, hidden, editorOnly, unreviewed] = await finalProjects('maya-chen', parties.editorToken, 4);
    const [sofias] = await finalProjects('sofia-ramirez', sofia, 1);
    expect((await list()).body).toEqual({ items: [], nextCursor: null, total: 0 });

    // Published (both sides), then hidden; one the editor alone reviewed (not published); one not at all.
    for (const [id, n] of [
      [published, 5],
      [hidden, 2],
    ] as const) {
      expect(
        (await act(parties.customer.idToken, id, 'review', { scores: scores(n), text: `Scored ${n}` })).status,
      ).toBe(200);
      expect((await act(parties.editorToken, id, 'review', { score: 4, text: 'Late with drafts.' })).status).toBe(200);
    }
    expect((await act(parties.editorToken, published, 'reply', { text: 'Thank you, Sam!' })).status).toBe(200);
    const hide = await act((await testTokens()).admin, hidden, 'hide-review', { reason: 'It named another student.' });
    expect(hide.status, JSON.stringify(hide.body)).toBe(200);
    expect((await act(parties.editorToken, editorOnly, 'review', { score: 3, text: 'Hard to reach.' })).status).toBe(
      200,
    );
    const family = { scores: { feedback: 4, communication: 3, onTime: 4 }, text: '' };
    expect((await act(parties.customer.idToken, sofias, 'review', family)).status).toBe(200);

    const all = await list();
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.total).toBe(4);
    const ids = all.body.items.map((item) => item.projectId);
    expect(ids).not.toContain(unreviewed);
    // Newest review first, by the later of the two sides' reviews (not the hiding or the reply).
    expect(ids).toEqual([sofias, editorOnly, hidden, published]);
    const byId = new Map(all.body.items.map((item) => [item.projectId, item]));
    expect(byId.get(published)).toEqual({
      projectId: published,
      editor: { id: 'maya-chen', name: 'Maya Chen' },
      student: { firstName: 'Sam' },
      service: 'Supplemental Essay Help (Small)',
      family: { at: expect.any(String), by: 'customer', scores: scores(5), text: 'Scored 5' },
      overall: 5,
      publishedAt: expect.any(String),
      reply: { at: expect.any(String), text: 'Thank you, Sam!' },
      hidden: null,
      held: null,
      // What the family never reads: our team does.
      editorReview: { at: expect.any(String), score: 4, text: 'Late with drafts.' },
    });
    expect(byId.get(hidden)).toMatchObject({ overall: 2, hidden: { reason: 'It named another student.' } });
    expect(byId.get(editorOnly)).toMatchObject({
      family: null,
      overall: null,
      publishedAt: null,
      editorReview: { score: 3, text: 'Hard to reach.' },
    });
    // The family alone reviewed Sofia's: not published yet, no private review.
    expect(byId.get(sofias)).toMatchObject({
      editor: { id: 'sofia-ramirez' },
      overall: 3.7,
      publishedAt: null,
      editorReview: null,
    });
    expect(JSON.stringify(all.body)).not.toMatch(/Rivera|@/);

    const idsOf = async (search: string) => {
      const res = await list(search);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.total).toBe(res.body.items.length);
      return res.body.items.map((item) => item.projectId).sort();
    };
    expect(await idsOf('?editor=sofia-ramirez')).toEqual([sofias]);
    expect(await idsOf('?editor=maya-chen')).toEqual([published, hidden, editorOnly].sort());
    expect(await idsOf('?editor=nobody')).toEqual([]);
    // The overall score rounded: 3.7 counts as 4; the editor's review alone has no score to match.
    expect(await idsOf('?score=4')).toEqual([sofias]);
    expect(await idsOf('?score=5')).toEqual([published]);
    expect(await idsOf('?score=3')).toEqual([]);
    expect(await idsOf('?hidden=true')).toEqual([hidden]);
    expect(await idsOf('?hidden=false')).toEqual([published, editorOnly, sofias].sort());
    expect(await idsOf('?editor=maya-chen&hidden=false&score=5')).toEqual([published]);

    // Pages of the filtered list follow one another without repeating.
    const first = await list('?editor=maya-chen&limit=2');
    expect(first.body.items).toHaveLength(2);
    // Uncounted while more may follow: counting would read every review ever written.
    expect(first.body.total).toBeNull();
    const second = await list(`?editor=maya-chen&limit=2&cursor=${encodeURIComponent(first.body.nextCursor!)}`);
    expect(second.body).toMatchObject({ nextCursor: null, total: null });
    expect([...first.body.items, ...second.body.items].map((item) => item.projectId).sort()).toEqual(
      [published, hidden, editorOnly].sort(),
    );

    // A review written now of a project older than Sofia's comes first.
    expect((await act(parties.customer.idToken, unreviewed, 'review', family)).status).toBe(200);
    expect((await list('?limit=2')).body.items.map((item) => item.projectId)).toEqual([unreviewed, sofias]);
  });
});
