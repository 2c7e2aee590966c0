/**
 * What time decides, run with a fixed clock: the steps happen now, the scheduler is run
 * at chosen instants after them. Late rounds, the 20-hour reminder, the 2-day warning, the 7-day
 * auto-final, slot repairs and unused uploads; a second run changes nothing.
 */
import { describe, expect, it } from 'vitest';
import deliveryTimers from '#functions/delivery-timers';
import { projectFilesRepo } from '#features/essay/server/files';
import { projectsRepo } from '../../server/projects.repo';
import { runDueTimers } from '#server/jobs/timers';
import { timersRepo } from '#server/core/timers';
import { editorsRepo } from '#features/editors/server/editors.repo';
import { listOutbox } from '#server/core/mail';
import { type Project, type ProjectView } from '../../project';
import { DAY_MS, HOUR_MS } from '#lib/time';
import { site } from '#lib/site';
import { call, clearStore, context } from '#tests/functions';
import { OPEN_EDITOR, selection } from '#tests/orders';
import { act, paidOrder, submitText, upload, useDeliveryParties } from '#tests/projects';

const parties = useDeliveryParties();

const pending: Promise<unknown>[] = [];
const ctx = () => context({}, pending);
async function runAt(at: number) {
  const summary = await runDueTimers(ctx(), new Date(at));
  await Promise.all(pending.splice(0));
  return summary;
}
const stored = async (id: string) => (await projectsRepo().get(id))!;
const mailsTo = async (to: string) => (await listOutbox(undefined, 500)).map((m) => m.value).filter((m) => m.to === to);

async function submittedSupplement(): Promise<ProjectView> {
  const {
    projectIds: [id],
  } = await paidOrder(parties.customer.idToken, selection({ services: [{ id: 'supplement-small', quantity: 1 }] }));
  await clearStore('outbox');
  return (await submitText(parties.customer.idToken, await stored(id))).body;
}

describe('the delivery timers', () => {
  it('remind the editor 20 hours after a submission nobody acknowledged, once', async () => {
    const project = await submittedSupplement();
    const submittedAt = Date.parse(project.rounds[0].submittedAt);
    await runAt(submittedAt + 20 * HOUR_MS - 60_000);
    expect(await mailsTo('maya@example.test')).toHaveLength(1); // the new-draft notice only
    await runAt(submittedAt + 20 * HOUR_MS + 1);
    await runAt(submittedAt + 20 * HOUR_MS + 2);
    const mails = await mailsTo('maya@example.test');
    expect(mails.map((m) => m.subject)).toEqual([
      'Reminder: please acknowledge Supplemental Essay Help (Small) for Sam Rivera',
      'New draft: Supplemental Essay Help (Small) for Sam Rivera',
    ]);
    const after = await stored(project.id);
    expect(after.history.filter((e) => e.type === 'ack_reminder')).toHaveLength(1);
    expect(after.version).toBe(project.version); // a reminder makes nobody's next step stale
  });

  it('send no reminder for a draft acknowledged in time', async () => {
    const project = await submittedSupplement();
    await act(parties.editorToken, project.id, 'acknowledge', { version: project.version, message: 'Got it!' });
    await runAt(Date.parse(project.rounds[0].submittedAt) + 21 * HOUR_MS);
    expect((await mailsTo('maya@example.test')).map((m) => m.subject)).not.toContain(
      'Reminder: please acknowledge Supplemental Essay Help (Small) for Sam Rivera',
    );
  });

  it('flag a round late once its due time passes without feedback', async () => {
    const project = await submittedSupplement();
    const due = Date.parse(project.rounds[0].dueAt);
    await runAt(due - 1000);
    expect((await stored(project.id)).rounds[0].late).toBe(false);
    await runAt(due + 1000);
    const late = await stored(project.id);
    expect(late.rounds[0].late).toBe(true);
    expect(late.history.at(-1)).toMatchObject({ type: 'late', by: 'system' });
    // The owner hears of it once, however often the timers run.
    await runAt(due + 2000);
    expect((await mailsTo(site.email)).map((m) => m.subject)).toEqual([
      `A round is late: ${project.service.title} with ${late.editor.name}`,
    ]);
    // Feedback after that is still accepted, and the round stays marked late.
    const returned = await act(parties.editorToken, project.id, 'return', {
      version: project.version,
      notes: 'Sorry for the wait.',
    });
    expect(returned.body.rounds[0]).toMatchObject({ late: true, notes: 'Sorry for the wait.' });
  });

  it('warn the customer 2 days before the auto-final, apply it at 7 days and give the slot back; a second run changes nothing', async () => {
    const slots = (await editorsRepo().get(OPEN_EDITOR))!.slotsOpen;
    const project = await submittedSupplement();
    const returned: ProjectView = (
      await act(parties.editorToken, project.id, 'return', { version: project.version, notes: 'Notes' })
    ).body;
    const returnedAt = Date.parse(returned.rounds[0].returnedAt!);
    expect(returned.autoFinalAt).toBe(new Date(returnedAt + 7 * DAY_MS).toISOString());
    expect((await editorsRepo().get(OPEN_EDITOR))!.slotsOpen).toBe(slots - 1);

    await runAt(returnedAt + 5 * DAY_MS + 1);
    await runAt(returnedAt + 5 * DAY_MS + 2);
    expect((await mailsTo(parties.customer.email)).map((m) => m.subject)).toContain(
      'Supplemental Essay Help (Small) becomes final in 2 days',
    );
    expect((await mailsTo(parties.customer.email)).filter((m) => m.subject.includes('becomes final'))).toHaveLength(1);
    expect((await stored(project.id)).state).toBe('returned');

    await runAt(returnedAt + 7 * DAY_MS + 1);
    const final = await stored(project.id);
    expect(final.state).toBe('final');
    expect(final.history.at(-1)).toMatchObject({ type: 'finalize', by: 'system', from: 'returned', to: 'final' });
    expect((await editorsRepo().get(OPEN_EDITOR))!.slotsOpen).toBe(slots);
    const second = await runAt(returnedAt + 7 * DAY_MS + 2);
    expect(second.due).toBe(0);
    expect((await stored(project.id)).version).toBe(final.version);
  });

  it('the feedback that used the last edit says so, with the final date, and offers no more time', async () => {
    let project = await submittedSupplement();
    for (let round = 1; round <= 3; round++) {
      project = (
        await act(parties.editorToken, project.id, 'return', { version: project.version, notes: `Notes ${round}` })
      ).body;
      if (round < 3) project = (await submitText(parties.customer.idToken, project, `Draft ${round + 1}`)).body;
    }
    expect(project).toMatchObject({ state: 'returned', editsLeft: 0 });
    const mails = (await mailsTo(parties.customer.email)).filter(
      (m) => m.subject === 'Feedback returned: Supplemental Essay Help (Small)',
    );
    expect(mails).toHaveLength(3);
    const last = mails.find((m) => m.text.includes('Edits left: 0.'))!.text;
    expect(last).toContain('That was the last edit: mark the essay final once you have read the feedback.');
    expect(last).toMatch(/It becomes final by itself on \w{3} \d{1,2}, \d{4}, .+ E[SD]T\./);
    expect(last).not.toContain('Keep it open');
    expect(mails.find((m) => m.text.includes('Edits left: 2.'))!.text).toContain(
      'Submit a revision, or mark the essay final when you are happy with it.',
    );
  });

  it('kept open, the project passes its old warning and final times quietly and is warned and finalized 7 days later; a fourth time is refused', async () => {
    const project = await submittedSupplement();
    const returned: ProjectView = (
      await act(parties.editorToken, project.id, 'return', { version: project.version, notes: 'Notes' })
    ).body;
    const returnedAt = Date.parse(returned.rounds[0].returnedAt!);
    const feedbackMail = (await mailsTo(parties.customer.email)).find(
      (m) => m.subject === 'Feedback returned: Supplemental Essay Help (Small)',
    )!;
    expect(feedbackMail.text).toMatch(
      /Without a new draft it becomes final by itself on \w{3} \d{1,2}, \d{4}, .+ E[SD]T\. Need longer\? Choose Keep it open on your dashboard for 7 more days \(up to 3 times\)\./,
    );

    const kept = await act(parties.customer.idToken, project.id, 'extend', { version: returned.version });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({
      state: 'returned',
      autoFinalAt: new Date(returnedAt + 14 * DAY_MS).toISOString(),
      version: returned.version + 1,
    });
    expect(kept.body.history.at(-1)).toMatchObject({
      type: 'extend',
      by: 'customer',
      from: 'returned',
      to: 'returned',
    });
    expect((await mailsTo('maya@example.test')).map((m) => m.subject)).toContain(
      'Kept open: Supplemental Essay Help (Small) for Sam Rivera',
    );

    const warnings = async () =>
      (await mailsTo(parties.customer.email)).filter((m) => m.subject.includes('becomes final'));
    await runAt(returnedAt + 5 * DAY_MS + 1);
    await runAt(returnedAt + 7 * DAY_MS + 1);
    expect(await warnings()).toHaveLength(0);
    expect((await stored(project.id)).state).toBe('returned');

    await runAt(returnedAt + 12 * DAY_MS + 1);
    await runAt(returnedAt + 12 * DAY_MS + 2);
    expect(await warnings()).toHaveLength(1);
    expect((await warnings())[0].text).toContain(
      'Need longer? Choose Keep it open on your dashboard for 7 more days (up to 2 times).',
    );
    await runAt(returnedAt + 14 * DAY_MS + 1);
    const final = await stored(project.id);
    expect(final.state).toBe('final');

    // Three times, no more.
    const other = await submittedSupplement();
    let view: ProjectView = (
      await act(parties.editorToken, other.id, 'return', { version: other.version, notes: 'Notes' })
    ).body;
    for (let i = 0; i < 3; i++)
      view = (await act(parties.customer.idToken, other.id, 'extend', { version: view.version })).body;
    expect(view.autoFinalAt).toBe(new Date(Date.parse(view.rounds[0].returnedAt!) + 28 * DAY_MS).toISOString());
    expect(view.actions).not.toContain('extend');
    expect(await act(parties.customer.idToken, other.id, 'extend', { version: view.version })).toMatchObject({
      status: 409,
      body: { error: 'This feedback was kept open 3 times already: submit a revision, or mark it final.' },
    });
  });

  it('a revision before the seventh day stops the auto-final', async () => {
    const project = await submittedSupplement();
    const returned: ProjectView = (
      await act(parties.editorToken, project.id, 'return', { version: project.version, notes: 'Notes' })
    ).body;
    await submitText(parties.customer.idToken, returned, 'Second draft');
    await runAt(Date.parse(returned.rounds[0].returnedAt!) + 7 * DAY_MS + 1);
    expect((await stored(project.id)).state).toBe('submitted');
  });

  it('repair a slot move a step did not finish', async () => {
    const slots = (await editorsRepo().get(OPEN_EDITOR))!.slotsOpen;
    const {
      projectIds: [id],
    } = await paidOrder(parties.customer.idToken, selection({ services: [{ id: 'supplement-small', quantity: 1 }] }));
    // As if the function stopped right after storing the new state, before moving the slot.
    const found = (await projectsRepo().getForUpdate(id))!;
    const cutOff: Project = { ...found.value, state: 'submitted', version: 2 };
    await projectsRepo().replace(found.value, cutOff, found.etag);
    await timersRepo().schedule(new Date(Date.now() + 2 * 60_000), id, 'sync', 2);
    expect((await editorsRepo().get(OPEN_EDITOR))!.slotsOpen).toBe(slots);
    await runAt(Date.now() + 3 * 60_000);
    await runAt(Date.now() + 4 * 60_000);
    expect((await editorsRepo().get(OPEN_EDITOR))!.slotsOpen).toBe(slots - 1);
  });

  it('delete an upload no step used after a day, and keep the ones a step did', async () => {
    const {
      projectIds: [id],
    } = await paidOrder(parties.customer.idToken, selection({ services: [{ id: 'supplement-small', quantity: 1 }] }));
    const unused = (await upload(parties.customer.idToken, id, 'An abandoned draft.')).body;
    const used = (await upload(parties.customer.idToken, id, 'The draft I sent.')).body;
    await call((await import('#functions/project-action')).default, `/api/projects/${id}/submit`, {
      method: 'POST',
      params: { id, action: 'submit' },
      headers: { authorization: `Bearer ${parties.customer.idToken}` },
      json: { version: 1, prompt: 'Prompt', draft: { kind: 'file', fileId: used.id } },
    });
    await runAt(Date.now() + DAY_MS + 60_000);
    expect(await projectFilesRepo().describe(id, unused.id)).toBeNull();
    expect(await projectFilesRepo().describe(id, used.id)).toMatchObject({ name: 'essay.txt', kind: 'txt' });
  });

  it('read only what is due: timers far ahead are not even listed by a run', async () => {
    const timers = timersRepo();
    const now = Date.now();
    for (let day = 1; day <= 30; day++)
      await timers.schedule(new Date(now + day * DAY_MS), 'BCC-AAAAAA-1', 'late', day);
    await timers.schedule(new Date(now - 60_000), 'BCC-AAAAAA-2', 'late', 1);
    expect((await timers.due(new Date(now))).map((t) => t.ref)).toEqual(['1']);
    expect(await runAt(now)).toEqual({ due: 1, handled: 1, failed: 0 });
  });

  it('a timer of a kind no feature handles stays for a later run, counted as failed; a kind must be a name', async () => {
    await clearStore('timers');
    const timers = timersRepo();
    const now = Date.now();
    await timers.schedule(new Date(now - 60_000), 'BCC-AAAAAA-3', 'nobody', 1);
    expect(await runAt(now)).toEqual({ due: 1, handled: 0, failed: 1 });
    expect((await timers.due(new Date(now))).map((t) => t.kind)).toEqual(['nobody']);
    await expect(timers.schedule(new Date(now), 'BCC-AAAAAA-3', 'no-kind', 1)).rejects.toThrow(/lowercase letters/);
    await clearStore('timers');
  });

  it('the scheduled function runs the same, and answers 204', async () => {
    const res = await call(deliveryTimers as never, '/.netlify/functions/delivery-timers', {
      method: 'POST',
      body: JSON.stringify({ next_run: new Date().toISOString() }),
    });
    expect(res.status).toBe(204);
  });
});
