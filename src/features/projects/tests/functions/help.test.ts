/**
 * The promise when feedback disappoints, through the real endpoints and timers: the family asks for
 * help with a reason, the essay stops its clock, the editor and the owner hear of it, our team gives a
 * free round with another editor (the slot moving as on reassignment) or closes the request, with a
 * reason both sides read and the audit log keeps.
 */
import { describe, expect, it } from 'vitest';
import { editorsRepo } from '#features/editors/server/editors.repo';
import { projectsRepo } from '../../server/projects.repo';
import { withoutContent } from '../../server/retention';
import { autoFinalAt, deliveryMessages } from '../../process';
import type { ProjectView } from '../../project';
import { attentionRepo } from '#server/core/attention';
import { auditPage } from '#server/core/audit-log';
import { listOutbox } from '#server/core/mail';
import { runDueTimers } from '#server/jobs/timers';
import { DAY_MS } from '#lib/time';
import { testTokens } from '#tests/admin-access';
import { clearStore, context } from '#tests/functions';
import { OPEN_EDITOR, selection } from '#tests/orders';
import { act, paidOrder, submitText, useDeliveryParties } from '#tests/projects';

const parties = useDeliveryParties(['attention', 'audit']);
const pending: Promise<unknown>[] = [];
const runAt = async (at: number) => {
  await runDueTimers(context({}, pending), new Date(at));
  await Promise.all(pending.splice(0));
};
const stored = async (id: string) => (await projectsRepo().get(id))!;
const mailsTo = async (to: string) => (await listOutbox(undefined, 500)).map((m) => m.value).filter((m) => m.to === to);
const admin = async () => (await testTokens()).admin;
const REASON = 'The notes talk about grammar, but the prompt asks about a challenge and that part got no feedback.';

/** A supplement whose first round came back from Maya. */
async function returnedSupplement(): Promise<ProjectView> {
  const {
    projectIds: [id],
  } = await paidOrder(parties.customer.idToken, selection({ services: [{ id: 'supplement-small', quantity: 1 }] }));
  const submitted = (await submitText(parties.customer.idToken, await stored(id))).body;
  const returned = await act(parties.editorToken, id, 'return', { version: submitted.version, notes: 'Fix commas.' });
  expect(returned.status, JSON.stringify(returned.body)).toBe(200);
  await clearStore('outbox');
  return returned.body;
}

describe('asking for help with feedback', () => {
  it('stops the clock, tells the editor, the family and the owner once, and takes a reason', async () => {
    const project = await returnedSupplement();
    const noReason = await act(parties.customer.idToken, project.id, 'ask-for-help', { version: project.version });
    expect(noReason).toMatchObject({ status: 400, body: { error: deliveryMessages.helpReasonRequired } });

    const asked = await act(parties.customer.idToken, project.id, 'ask-for-help', {
      version: project.version,
      reason: REASON,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.state).toBe('help_requested');
    expect(asked.body.rounds[0].help).toMatchObject({ reason: REASON });
    await Promise.all(pending.splice(0));

    const editorMail = (await mailsTo('maya@example.test')).find((m) => m.subject.startsWith('Help asked for'));
    expect(editorMail?.text).toContain(REASON);
    expect((await mailsTo(parties.customer.email)).map((m) => m.subject)).toContain(
      'We received your request for help: Supplemental Essay Help (Small)',
    );

    // Eight days on, nothing made it final by itself, and the owner was told once however often the timers ran.
    const returnedAt = Date.parse(project.rounds[0].returnedAt!);
    await runAt(returnedAt + 8 * DAY_MS);
    await runAt(returnedAt + 8 * DAY_MS + 1);
    expect((await stored(project.id)).state).toBe('help_requested');
    const told = (await attentionRepo().page({ limit: 20 })).items.filter((item) => item.kind === 'help-asked');
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain(REASON);

    // Asked once a round.
    const again = await act(parties.customer.idToken, project.id, 'ask-for-help', {
      version: asked.body.version,
      reason: REASON,
    });
    expect(again.status).toBe(409);
  });

  it('our team gives a free round with another editor: the slot moves, an edit is added, the clock restarts', async () => {
    const project = await returnedSupplement();
    const asked = (
      await act(parties.customer.idToken, project.id, 'ask-for-help', { version: project.version, reason: REASON })
    ).body as ProjectView;
    const slots = async () =>
      Promise.all([OPEN_EDITOR, 'sofia-ramirez'].map(async (id) => (await editorsRepo().get(id))!.slotsOpen));
    const [mayaBefore, sofiaBefore] = await slots();

    const team = await admin();
    const moved = await act(team, project.id, 'reassign', { version: asked.version, editorId: 'sofia-ramirez' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.state).toBe('help_requested');
    expect(await slots()).toEqual([mayaBefore + 1, sofiaBefore - 1]);

    const noReason = await act(team, project.id, 'grant-round', { version: moved.body.version, reason: '' });
    expect(noReason).toMatchObject({ status: 400, body: { error: deliveryMessages.decisionReasonRequired } });
    const because = 'The feedback missed the prompt: Sofia gives you a new round, on us.';
    const granted = await act(team, project.id, 'grant-round', { version: moved.body.version, reason: because });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(granted.body).toMatchObject({ state: 'returned', editsLeft: project.editsLeft! + 1 });
    expect(granted.body.rounds[0].help.decision).toMatchObject({ outcome: 'round', reason: because });
    // The family has its days again from the decision, not from the feedback.
    const after = await stored(project.id);
    expect(autoFinalAt(after)!.getTime()).toBe(Date.parse(after.rounds[0].help!.decision!.at) + 7 * DAY_MS);
    await Promise.all(pending.splice(0));
    expect(
      (await mailsTo(parties.customer.email)).find((m) => m.subject.startsWith('A free extra round'))?.text,
    ).toContain(because);
    const audit = (await auditPage({ limit: 20 }, {})).items.find((entry) => entry.action === 'project-round-granted');
    expect(audit).toMatchObject({ subject: { kind: 'project', id: project.id }, after: { reason: because } });

    // The free round goes to Sofia: the family's revision is hers to acknowledge.
    const revised = await submitText(parties.customer.idToken, after);
    expect(revised.status, JSON.stringify(revised.body)).toBe(200);
    expect(revised.body).toMatchObject({ state: 'submitted', editor: { id: 'sofia-ramirez' } });
    // No second request on the same feedback once it was decided.
    expect(
      (
        await act(parties.customer.idToken, project.id, 'ask-for-help', {
          version: revised.body.version,
          reason: REASON,
        })
      ).status,
    ).toBe(409);
  });

  it('closing the request gives the family its reason and its days, and refuses a second ask on that round', async () => {
    const project = await returnedSupplement();
    const asked = (
      await act(parties.customer.idToken, project.id, 'ask-for-help', { version: project.version, reason: REASON })
    ).body as ProjectView;
    const editor = await act(parties.editorToken, project.id, 'grant-round', { version: asked.version, reason: 'x' });
    expect(editor.status).toBe(403);
    const because = 'The notes answer the prompt point by point; we refunded a third of the price as a gesture.';
    const closed = await act(await admin(), project.id, 'close-help', { version: asked.version, reason: because });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({ state: 'returned', editsLeft: project.editsLeft });
    expect(closed.body.rounds[0].help.decision).toMatchObject({ outcome: 'closed', reason: because });
    const again = await act(parties.customer.idToken, project.id, 'ask-for-help', {
      version: closed.body.version,
      reason: REASON,
    });
    expect(again).toMatchObject({ status: 409, body: { error: deliveryMessages.helpAskedAlready } });

    // The family's words go with the project's content; our team's decision and its reason stay.
    const emptied = withoutContent(await stored(project.id), new Date());
    expect(emptied.rounds[0].help).toMatchObject({ by: '', reason: '', decision: { reason: because } });
  });
});
