/**
 * Reviews through the project process: only a final project, once per side, within the window;
 * double-blind until both are in or the window closes (a fixed clock runs the timers); one public
 * reply; hiding; and what the editors list and the profile show.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import adminReviews from '#functions/admin-reviews';
import editorReviews from '#functions/editor-reviews';
import editorsHandler from '#functions/editors';
import projectHandler from '#functions/project';
import { listOutbox } from '#server/core/mail';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { runDueTimers } from '#server/jobs/timers';
import { recountEditorStats } from '#features/projects/server/recount-reviews';
import { syncEditorStats } from '../../server/editor-stats';
import { editorsRepo, forgetEditorLists, NO_STATS } from '#features/editors/server/editors.repo';
import { type Project, type ProjectView } from '#features/projects/project';
import { deliveryMessages } from '#features/projects/process';
import { DAY_MS } from '#lib/time';
import { REVIEW_WINDOW_MS, reviewMessages, type AdminReview, type PublicReview } from '../../reviews';
import { site } from '#lib/site';
import type { Editor } from '#features/editors/editor-rules';
import { testTokens } from '#tests/admin-access';
import { bearer, createUser } from '#tests/auth-emulator';
import { call, clearStore, context } from '#tests/functions';
import { selection } from '#tests/orders';
import { act, paidOrder, submitText, useDeliveryParties } from '#tests/projects';

const parties = useDeliveryParties(['reviews', 'outbox']);
let admin: string;
let stranger: string;
beforeAll(async () => {
  admin = (await testTokens()).admin;
  stranger = (await createUser()).idToken;
});

const pending: Promise<unknown>[] = [];
async function runAt(at: number) {
  const summary = await runDueTimers(context({}, pending), new Date(at));
  await Promise.all(pending.splice(0));
  return summary;
}
const stored = async (id: string) => (await projectsRepo().get(id))!;
const view = async (token: string, id: string) =>
  (await call(projectHandler, `/api/projects/${id}`, { params: { id }, headers: bearer(token) })) as {
    status: number;
    body: ProjectView;
  };
const mailsTo = async (to: string) => (await listOutbox(undefined, 500)).map((m) => m.value).filter((m) => m.to === to);
const profile = async () =>
  (await call(editorReviews, '/api/editors/maya-chen/reviews', { params: { id: 'maya-chen' } })).body as PublicReview[];
async function maya(): Promise<Editor> {
  forgetEditorLists();
  const list = (await call(editorsHandler, '/api/database/editors?fresh=1')).body as Editor[];
  return list.find((e) => e.id === 'maya-chen')!;
}

const familyReview = { scores: { feedback: 5, communication: 4, onTime: 5 }, text: 'Clear, kind notes.' };
const editorReview = { score: 5, text: 'Prepared and responsive.' };

/** Supplements of one order carried to final by the family: draft, feedback, 'Mark as Final'. */
async function finalProjects(quantity = 1): Promise<Project[]> {
  const { projectIds } = await paidOrder(
    parties.customer.idToken,
    selection({ services: [{ id: 'supplement-small', quantity }] }),
  );
  for (const id of projectIds) {
    const submitted = (await submitText(parties.customer.idToken, await stored(id))).body as ProjectView;
    const returned = await act(parties.editorToken, id, 'return', { version: submitted.version, notes: 'Notes' });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    const final = await act(parties.customer.idToken, id, 'finalize', { version: returned.body.version });
    expect(final.status, JSON.stringify(final.body)).toBe(200);
  }
  await clearStore('outbox');
  return Promise.all(projectIds.map(stored));
}
const finalAt = (project: Project) => Date.parse(project.history.findLast((e) => e.type === 'finalize')!.at);

describe('reviews of a final project', () => {
  it('are refused before the project is final, and with scores out of range', async () => {
    const { projectIds } = await paidOrder(
      parties.customer.idToken,
      selection({ services: [{ id: 'supplement-small', quantity: 1 }] }),
    );
    const res = await act(parties.customer.idToken, projectIds[0], 'review', familyReview);
    expect(res).toMatchObject({
      status: 409,
      body: { error: deliveryMessages.wrongState('review', 'awaiting_draft') },
    });
    const [project] = await finalProjects();
    const bad = await act(parties.customer.idToken, project.id, 'review', {
      scores: { ...familyReview.scores, onTime: 6 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: expect.stringContaining('On time must be a score from 1 to 5') });
    expect(await act(stranger, project.id, 'review', familyReview)).toMatchObject({ status: 404 });
  });

  it('are double-blind: each side reads its own until both are in, then the family’s is published at once', async () => {
    const [project] = await finalProjects();
    const first = await act(parties.customer.idToken, project.id, 'review', familyReview);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.reviews).toMatchObject({ family: familyReview });
    expect(first.body.reviews.publishedAt).toBeUndefined();
    expect(first.body.reviewClosesAt).toBe(new Date(finalAt(project) + REVIEW_WINDOW_MS).toISOString());
    // The editor is told a review came, not what it says.
    expect((await view(parties.editorToken, project.id)).body.reviews).toEqual({});
    expect((await mailsTo('maya@example.test')).map((m) => m.subject)).toEqual([
      'Reviewed: Supplemental Essay Help (Small) for Sam Rivera',
    ]);
    expect(await profile()).toEqual([]);

    // The same review again (a lost answer) changes nothing; another one is refused.
    const again = await act(parties.customer.idToken, project.id, 'review', familyReview);
    expect(again.status).toBe(200);
    expect((await stored(project.id)).history.filter((e) => e.type === 'review')).toHaveLength(1);
    expect(
      await act(parties.customer.idToken, project.id, 'review', { ...familyReview, text: 'Changed my mind' }),
    ).toMatchObject({
      status: 409,
      body: { error: reviewMessages.reviewed },
    });

    const second = await act(parties.editorToken, project.id, 'review', editorReview);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.reviews).toMatchObject({
      family: familyReview,
      editor: editorReview,
      publishedAt: expect.any(String),
    });
    // The family never reads the editor's review, nor its entry in the history; our team reads both.
    const family = (await view(parties.customer.idToken, project.id)).body;
    expect(family.reviews?.editor).toBeUndefined();
    expect(family.reviews?.publishedAt).toBeDefined();
    expect(family.history.filter((e) => e.type === 'review').map((e) => e.by)).toEqual(['customer']);
    expect((await view(admin, project.id)).body.reviews).toMatchObject({ family: familyReview, editor: editorReview });

    expect((await mailsTo(parties.customer.email)).map((m) => m.subject)).toContain(
      'Your review of Maya Chen is published',
    );
    const [shown] = await profile();
    expect(shown).toEqual({
      projectId: project.id,
      publishedAt: second.body.reviews.publishedAt,
      student: { firstName: 'Sam', grade: expect.any(String) },
      service: 'Supplemental Essay Help (Small)',
      scores: familyReview.scores,
      overall: 4.7,
      text: 'Clear, kind notes.',
      reply: null,
    });
    expect(JSON.stringify(shown)).not.toMatch(/Rivera|@/);
    expect((await maya()).rating).toEqual({ count: 1, average: null });
  });

  it('the window closes by its timer: what was written is published, the rest is refused; a reminder comes once on day 10', async () => {
    const [project] = await finalProjects();
    const at = finalAt(project);
    const reminders = async (to: string) =>
      (await mailsTo(to)).map((m) => m.subject).filter((subject) => subject.startsWith('Reminder'));
    await runAt(at + 10 * DAY_MS - 60_000);
    expect(await reminders(parties.customer.email)).toEqual([]);
    await runAt(at + 10 * DAY_MS + 1);
    await runAt(at + 10 * DAY_MS + 2);
    expect(await reminders(parties.customer.email)).toEqual(['Reminder: review Maya Chen']);
    expect(await reminders('maya@example.test')).toEqual([
      'Reminder: review the family of Supplemental Essay Help (Small) for Sam Rivera',
    ]);

    await act(parties.customer.idToken, project.id, 'review', familyReview);
    await runAt(at + REVIEW_WINDOW_MS - 1);
    expect((await stored(project.id)).reviews?.publishedAt).toBeUndefined();
    await runAt(at + REVIEW_WINDOW_MS + 1);
    const closed = await stored(project.id);
    expect(closed.reviews?.publishedAt).toBe(new Date(at + REVIEW_WINDOW_MS + 1).toISOString());
    expect(await profile()).toHaveLength(1);
    // Once: a second run publishes nothing again.
    await runAt(at + REVIEW_WINDOW_MS + 2);
    expect((await stored(project.id)).history.filter((e) => e.type === 'review')).toHaveLength(2);
    expect((await view(parties.editorToken, project.id)).body.reviews?.family).toMatchObject(familyReview);
  });

  it('after the window a review is refused with the reason', async () => {
    const [project] = await finalProjects();
    // The project became final 15 days ago.
    const { value, etag } = (await projectsRepo().getForUpdate(project.id))!;
    const old = new Date(Date.now() - 15 * DAY_MS).toISOString();
    await projectsRepo().replace(
      value,
      { ...value, history: value.history.map((e) => (e.type === 'finalize' ? { ...e, at: old } : e)) },
      etag,
    );
    for (const [token, body] of [
      [parties.customer.idToken, familyReview],
      [parties.editorToken, editorReview],
    ] as const)
      expect(await act(token, project.id, 'review', body)).toMatchObject({
        status: 409,
        body: { error: reviewMessages.windowClosed },
      });
  });

  it('the editor answers a published review once; our team hides it with a reason, and it leaves the rating', async () => {
    const projects = await finalProjects(3);
    expect(await act(parties.editorToken, projects[0].id, 'reply', { text: 'Thank you!' })).toMatchObject({
      status: 409,
      body: { error: reviewMessages.notPublished },
    });
    for (const [i, project] of projects.entries()) {
      await act(parties.customer.idToken, project.id, 'review', {
        ...familyReview,
        scores: { feedback: 5 - i, communication: 5 - i, onTime: 5 - i },
      });
      await act(parties.editorToken, project.id, 'review', editorReview);
      // Fewer than 3 published reviews read as a new editor; the third shows the average.
      expect((await maya()).rating).toEqual({ count: i + 1, average: i < 2 ? null : 4 });
    }
    const reply = await act(parties.editorToken, projects[0].id, 'reply', { text: 'Thank you, Sam!' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(await act(parties.editorToken, projects[0].id, 'reply', { text: 'Again' })).toMatchObject({
      status: 409,
      body: { error: reviewMessages.replied },
    });
    expect((await profile()).find((r) => r.projectId === projects[0].id)?.reply).toMatchObject({
      text: 'Thank you, Sam!',
    });

    expect(await act(parties.customer.idToken, projects[2].id, 'hide-review', { reason: 'x' })).toMatchObject({
      status: 403,
    });
    expect((await act(admin, projects[2].id, 'hide-review', {})).status).toBe(400);
    const hidden = await act(admin, projects[2].id, 'hide-review', { reason: 'It named another student.' });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(await act(admin, projects[2].id, 'hide-review', { reason: 'Again' })).toMatchObject({
      status: 409,
      body: { error: reviewMessages.notShown },
    });
    expect((await profile()).map((r) => r.projectId).sort()).toEqual([projects[0].id, projects[1].id].sort());
    expect((await maya()).rating).toEqual({ count: 2, average: null });
    const told = (await mailsTo(parties.customer.email)).find(
      (m) => m.subject === 'Your review of Maya Chen is hidden',
    );
    expect(told?.text).toContain('The reason: It named another student.');

    // Numbers that drifted are rebuilt from the projects; a second recount changes nothing.
    const kept = (await editorsRepo().get('maya-chen'))!;
    await editorsRepo().setStats('maya-chen', { ...NO_STATS, reviewStats: { count: 9, sum: 9, claims: {} } });
    expect((await maya()).rating).toEqual({ count: 9, average: 1 });
    expect(await recountEditorStats()).toBe(1);
    const recounted = (await editorsRepo().get('maya-chen'))!;
    expect(recounted.reviewStats).toEqual(kept.reviewStats);
    expect(recounted.recentRounds).toEqual(kept.recentRounds);
    expect(recounted.finished).toEqual(kept.finished);
    expect(recounted.recentResponses).toEqual(kept.recentResponses);
    expect(Object.keys(recounted.finished ?? {})).toHaveLength(3);
    expect(await recountEditorStats()).toBe(0);
  });

  it('counts a project made final and each draft acknowledged in the track record, once; a withdrawn one finishes nothing', async () => {
    await editorsRepo().setStats('maya-chen', NO_STATS);
    expect((await maya()).track).toMatchObject({ finished: 0, responseMs: null });
    const { projectIds } = await paidOrder(
      parties.customer.idToken,
      selection({ services: [{ id: 'supplement-small', quantity: 3 }] }),
    );
    for (const id of projectIds) {
      const submitted = (await submitText(parties.customer.idToken, await stored(id))).body as ProjectView;
      const ack = await act(parties.editorToken, id, 'acknowledge', { version: submitted.version, message: 'On it.' });
      expect(ack.status, JSON.stringify(ack.body)).toBe(200);
      const returned = await act(parties.editorToken, id, 'return', { version: ack.body.version, notes: 'Notes' });
      expect(returned.status, JSON.stringify(returned.body)).toBe(200);
      if (id === projectIds[2]) {
        const withdrawn = await act(parties.customer.idToken, id, 'withdraw', { version: returned.body.version });
        expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
      } else {
        const final = await act(parties.customer.idToken, id, 'finalize', { version: returned.body.version });
        expect(final.status, JSON.stringify(final.body)).toBe(200);
      }
    }
    const track = (await maya()).track;
    // Two made final; three drafts acknowledged, each within moments of coming.
    expect(track.finished).toBe(2);
    expect(track.responseMs).toBeGreaterThanOrEqual(0);
    expect(track.responseMs).toBeLessThan(60_000);
    expect(track.since).toMatch(/^\d{4}-\d{2}$/);
    // The stats step run again for each (its timer after a cut) counts nothing twice.
    for (const id of projectIds) await syncEditorStats(await stored(id), context());
    expect((await maya()).track).toEqual(track);
    // The recount from the projects agrees.
    await recountEditorStats();
    expect((await maya()).track).toEqual(track);
  });

  it('counts each returned round in the on-time share once, shown from the fifth', async () => {
    const now = new Date();
    const rounds = (n: number, late = 0) =>
      Object.fromEntries(
        Array.from({ length: n }, (_, i) => [
          `p${i}#1`,
          { at: new Date(now.getTime() - DAY_MS).toISOString(), onTime: i >= late },
        ]),
      );
    await editorsRepo().recordStats('maya-chen', { rounds: rounds(4, 1) }, now);
    expect((await maya()).onTime).toEqual({ rounds: 4, share: null });
    await editorsRepo().recordStats('maya-chen', { rounds: rounds(5, 1) }, now);
    await editorsRepo().recordStats('maya-chen', { rounds: rounds(5, 1) }, now);
    expect((await maya()).onTime).toEqual({ rounds: 5, share: 0.8 });
    // Rounds older than the period drop out.
    const later = new Date(now.getTime() + 90 * DAY_MS);
    expect(await editorsRepo().recordStats('maya-chen', { rounds: {} }, later)).toBe(true);
    expect((await editorsRepo().get('maya-chen'))!.recentRounds).toEqual({});
  });
});

describe('a review whose words carry contact details, a link or abuse', () => {
  const flagged = {
    scores: { feedback: 1, communication: 2, onTime: 2 },
    text: 'SCAM. She ignored my son. Call me at (312) 555-0100 and I will tell you everything.',
  };
  const ownerSubjects = async () => (await mailsTo(site.email)).map((m) => m.subject);
  const heldList = async () =>
    (await call(adminReviews, '/api/admin/reviews?held=true', { headers: bearer(admin) })).body as {
      items: AdminReview[];
    };

  it('is held when both are in: off the profile, the owner told once; our team publishes it', async () => {
    const before = (await maya()).rating;
    const [project] = await finalProjects();
    await act(parties.customer.idToken, project.id, 'review', flagged);
    const done = await act(parties.editorToken, project.id, 'review', editorReview);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.reviews.held).toEqual({ at: expect.any(String), reasons: ['contact', 'abuse'] });
    expect(done.body.reviews.publishedAt).toBeUndefined();
    expect(done.body.reviews.family).toBeUndefined();
    expect(await profile()).toEqual([]);
    expect((await maya()).rating).toEqual(before);
    // The editor cannot answer it; the family reads why it waits.
    expect(await act(parties.editorToken, project.id, 'reply', { text: 'Thank you' })).toMatchObject({
      status: 409,
      body: { error: reviewMessages.notPublished },
    });
    expect((await mailsTo(parties.customer.email)).map((m) => m.subject)).toEqual([
      'Your review of Maya Chen is with our team',
    ]);
    expect((await mailsTo('maya@example.test')).map((m) => m.subject)).toEqual([
      'Reviewed: Supplemental Essay Help (Small) for Sam Rivera',
    ]);
    // The owner is told once, however often the timers run; the list of held reviews has it.
    await runAt(Date.now() + DAY_MS);
    expect(await ownerSubjects()).toEqual(['Review held for you: Maya Chen, 1.7 out of 5']);
    expect((await heldList()).items.map((r) => [r.projectId, r.held?.reasons])).toEqual([
      [project.id, ['contact', 'abuse']],
    ]);

    expect(await act(parties.customer.idToken, project.id, 'publish-review')).toMatchObject({ status: 403 });
    const published = await act(admin, project.id, 'publish-review');
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(await act(admin, project.id, 'publish-review')).toMatchObject({
      status: 409,
      body: { error: reviewMessages.notHeld },
    });
    expect((await profile()).map((r) => [r.projectId, r.text])).toEqual([[project.id, flagged.text]]);
    expect((await heldList()).items).toEqual([]);
    expect((await view(parties.editorToken, project.id)).body.reviews?.family?.text).toBe(flagged.text);
    expect((await mailsTo(parties.customer.email)).map((m) => m.subject)).toContain(
      'Your review of Maya Chen is published',
    );
    expect(await ownerSubjects()).toEqual(['Review held for you: Maya Chen, 1.7 out of 5']);
  });

  it('hidden instead: the family reads the reason, the editor that it was not published; it never counts', async () => {
    const [project] = await finalProjects();
    await act(parties.customer.idToken, project.id, 'review', {
      ...flagged,
      text: 'Better editors at www.elsewhere.example',
    });
    await act(parties.editorToken, project.id, 'review', editorReview);
    const hidden = await act(admin, project.id, 'hide-review', { reason: 'It sends families to another service.' });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(await act(admin, project.id, 'publish-review')).toMatchObject({ status: 409 });
    expect(await profile()).toEqual([]);
    const told = (await mailsTo(parties.customer.email)).find(
      (m) => m.subject === 'Your review of Maya Chen is hidden',
    );
    expect(told?.text).toContain(
      `${site.name} read your review of Supplemental Essay Help (Small) and did not publish it.`,
    );
    expect(told?.text).toContain('The reason: It sends families to another service.');
    const editor = (await view(parties.editorToken, project.id)).body.reviews;
    expect(editor?.family).toBeUndefined();
    expect(editor?.hidden?.reason).toBe('It sends families to another service.');
  });

  it('a low score in plain words is published at once, and the owner hears of it; a good one tells the owner nothing', async () => {
    const [low, good] = await finalProjects(2);
    await act(parties.customer.idToken, low.id, 'review', { ...flagged, text: 'Late and thin feedback.' });
    await act(parties.editorToken, low.id, 'review', editorReview);
    await act(parties.customer.idToken, good.id, 'review', familyReview);
    await act(parties.editorToken, good.id, 'review', editorReview);
    expect((await stored(low.id)).reviews?.publishedAt).toBeDefined();
    expect((await stored(low.id)).reviews?.held).toBeUndefined();
    await runAt(Date.now() + DAY_MS);
    expect(await ownerSubjects()).toEqual(['A low review: Maya Chen, 1.7 out of 5']);
  });
});
