/**
 * Comments on passages through the project endpoint: the assigned editor drafts and deletes them
 * while editing, the family reads them only once the round is returned and marks them done, strangers
 * learn nothing, and each comment stays with the round it was made on.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import projectHandler from '#functions/project';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { type ProjectView } from '#features/projects/project';
import { deliveryMessages } from '#features/projects/process';
import { anchorOf } from '../../essay-anchor';
import { commentMessages, COMMENT_LIMITS } from '../../essay-comments';
import { bearer, createUser, tokenOf } from '#tests/auth-emulator';
import { call } from '#tests/functions';
import { selection } from '#tests/orders';
import { act, paidOrder, submitText, useDeliveryParties } from '#tests/projects';

const parties = useDeliveryParties();
let stranger: string;
let otherEditor: string;
beforeAll(async () => {
  stranger = (await createUser()).idToken;
  otherEditor = await tokenOf('sofia@example.test');
});

const DRAFT = 'My grandmother kept bees on the roof of our building in Queens.';
const anchor = (quote: string) => {
  const start = DRAFT.indexOf(quote);
  return anchorOf([{ kind: 'p', text: DRAFT }], 0, start, start + quote.length)!;
};
const view = async (token: string, id: string) =>
  (await call(projectHandler, `/api/projects/${id}`, { params: { id }, headers: bearer(token) })).body as ProjectView;

/** A supplement with its first draft in, as the editor reads it. */
async function submitted(): Promise<ProjectView> {
  const { projectIds } = await paidOrder(
    parties.customer.idToken,
    selection({ services: [{ id: 'supplement-small', quantity: 1 }] }),
  );
  const project = (await projectsRepo().get(projectIds[0]))!;
  const res = await submitText(parties.customer.idToken, project, DRAFT);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('comments on passages', () => {
  it('the editor drafts comments the family reads only once the feedback is returned, and marks done', async () => {
    const { id, version } = await submitted();
    const family = parties.customer.idToken;
    const editor = parties.editorToken;
    for (const quote of ['kept bees', 'roof', 'Queens']) {
      const res = await act(editor, id, 'comment', { anchor: anchor(quote), text: `About “${quote}”.` });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // A comment is not a step the family has to catch up with.
      expect(res.body.version).toBe(version);
    }
    const drafted = (await view(editor, id)).rounds[0].comments!;
    expect(drafted.map((c) => [c.anchor.quote, c.text, c.round, c.doneAt])).toEqual([
      ['kept bees', 'About “kept bees”.', 1, null],
      ['roof', 'About “roof”.', 1, null],
      ['Queens', 'About “Queens”.', 1, null],
    ]);
    expect((await act(editor, id, 'remove-comment', { commentId: drafted[1].id })).status).toBe(200);

    const before = await view(family, id);
    expect(before.rounds[0].comments).toBeUndefined();
    expect(before.history.map((e) => e.type)).not.toContain('comment');
    expect(before.actions).not.toContain('mark-comment');

    const returned = await act(editor, id, 'return', { version, notes: 'See my comments.' });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    const read = await view(family, id);
    expect(read.rounds[0].comments!.map((c) => c.anchor.quote)).toEqual(['kept bees', 'Queens']);
    expect(read.actions).toContain('mark-comment');

    const done = await act(family, id, 'mark-comment', { commentId: drafted[0].id, done: true });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.rounds[0].comments.map((c: { doneAt: string | null }) => c.doneAt !== null)).toEqual([
      true,
      false,
    ]);
    const undone = await act(family, id, 'mark-comment', { commentId: drafted[0].id, done: false });
    expect(undone.body.rounds[0].comments[0].doneAt).toBeNull();
    await act(family, id, 'mark-comment', { commentId: drafted[2].id, done: true });

    // A revision opens round 2: round 1 keeps its comments as they were marked, and is marked no more.
    const revised = await submitText(family, { id, version: undone.body.version }, `${DRAFT} Revised.`);
    expect(revised.status, JSON.stringify(revised.body)).toBe(200);
    expect(revised.body.rounds[0].comments.map((c: { doneAt: string | null }) => c.doneAt !== null)).toEqual([
      false,
      true,
    ]);
    expect(revised.body.rounds[1].comments).toBeUndefined();
    expect(await act(family, id, 'mark-comment', { commentId: drafted[0].id, done: true })).toMatchObject({
      status: 409,
      body: { error: deliveryMessages.wrongState('mark-comment', 'submitted') },
    });
  });

  it('answers each role and each bad request as it should', async () => {
    const { id } = await submitted();
    const family = parties.customer.idToken;
    const editor = parties.editorToken;
    const good = { anchor: anchor('roof'), text: 'Which roof?' };
    for (const token of [stranger, otherEditor])
      expect(await act(token, id, 'comment', good)).toMatchObject({
        status: 404,
        body: { error: 'Project not found' },
      });
    expect(await act(family, id, 'comment', good)).toMatchObject({ status: 403, body: { error: expect.any(String) } });
    for (const bad of [
      { ...good, text: '' },
      { ...good, text: 'x'.repeat(COMMENT_LIMITS.text + 1) },
      { ...good, anchor: { ...good.anchor, end: good.anchor.end + 1 } },
      { ...good, anchor: { ...good.anchor, block: -1 } },
      { ...good, anchor: { ...good.anchor, prefix: 'x'.repeat(31) } },
      { text: 'No passage' },
    ]) {
      const res = await act(editor, id, 'comment', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    expect(await act(editor, id, 'remove-comment', { commentId: 'not-an-id' })).toMatchObject({ status: 400 });
    expect(await act(editor, id, 'remove-comment', { commentId: crypto.randomUUID() })).toMatchObject({
      status: 409,
      body: { error: commentMessages.none },
    });
    const made = await act(editor, id, 'comment', good);
    const commentId = made.body.rounds[0].comments[0].id;
    expect(await act(editor, id, 'remove-comment', { commentId: crypto.randomUUID() })).toMatchObject({
      status: 409,
      body: { error: commentMessages.noSuchComment },
    });
    expect(await act(family, id, 'remove-comment', { commentId })).toMatchObject({ status: 403 });
    expect(await act(editor, id, 'mark-comment', { commentId, done: true })).toMatchObject({ status: 403 });
    expect((await view(editor, id)).rounds[0].comments).toHaveLength(1);
  });

  it('refuses a passage that is not in the draft, and a draft with no text to comment on', async () => {
    const { id, version } = await submitted();
    const editor = parties.editorToken;
    const elsewhere = anchorOf([{ kind: 'p', text: `Our ${DRAFT}` }], 0, 4, 6)!;
    const moved = { ...anchor('roof'), block: 1 };
    for (const misfit of [elsewhere, moved, { ...anchor('roof'), prefix: 'x' }])
      expect(await act(editor, id, 'comment', { anchor: misfit, text: 'Here?' }), JSON.stringify(misfit)).toMatchObject(
        { status: 409, body: { error: commentMessages.notInDraft } },
      );

    const { projectIds } = await paidOrder(
      parties.customer.idToken,
      selection({ services: [{ id: 'supplement-small', quantity: 1 }] }),
    );
    const linked = await act(parties.customer.idToken, projectIds[0], 'submit', {
      version: (await projectsRepo().get(projectIds[0]))!.version,
      prompt: 'Why this college? (250 words)',
      draft: { kind: 'link', url: 'https://docs.google.com/document/d/abc/edit' },
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(await act(editor, projectIds[0], 'comment', { anchor: anchor('roof'), text: 'Here?' })).toMatchObject({
      status: 409,
      body: { error: commentMessages.noText },
    });
    expect((await view(editor, id)).version).toBe(version);
    expect((await view(editor, id)).rounds[0].comments).toBeUndefined();
  });

  it(`stops at ${COMMENT_LIMITS.perRound} comments on a round`, async () => {
    const { id } = await submitted();
    const stored = (await projectsRepo().getForUpdate(id))!;
    const comments = Array.from({ length: COMMENT_LIMITS.perRound }, () => ({
      id: crypto.randomUUID(),
      round: 1,
      anchor: anchor('roof'),
      text: 'More.',
      createdAt: new Date().toISOString(),
      doneAt: null,
    }));
    const full = { ...stored.value, rounds: [{ ...stored.value.rounds[0], comments }] };
    await projectsRepo().replace(stored.value, full, stored.etag);
    expect(await act(parties.editorToken, id, 'comment', { anchor: anchor('Queens'), text: 'One more' })).toMatchObject(
      {
        status: 409,
        body: { error: commentMessages.full },
      },
    );
  });
});
