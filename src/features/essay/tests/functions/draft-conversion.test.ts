/**
 * A hostile .docx uploaded as a family's draft, through the real endpoints: its conversion runs off
 * the request's thread, so the site keeps answering others meanwhile, and the upload answers within
 * its bound with the outcome stored once.
 */
import { describe, expect, it } from 'vitest';
import slotsHandler from '#functions/consult-slots';
import projectDraft from '#functions/project-draft';
import { draftTextsRepo } from '../../server/draft-texts.repo';
import { bearer } from '#tests/auth-emulator';
import { shortRuns } from '#tests/docx';
import { call } from '#tests/functions';
import { act, paidOrder, upload, useDeliveryParties } from '#tests/projects';

const parties = useDeliveryParties(['drafts']);

/** How long the slowest of back-to-back GET /api/consult/slots took until `work` settled. */
async function slowestSlotsDuring<T>(work: Promise<T>): Promise<{ slowest: number; result: T }> {
  let settled = false;
  const done = work.finally(() => (settled = true));
  let slowest = 0;
  while (!settled) {
    const started = performance.now();
    const res = await call(slotsHandler, '/api/consult/slots');
    expect(res.status).toBe(200);
    slowest = Math.max(slowest, performance.now() - started);
  }
  return { slowest, result: await done };
}

describe('a hostile .docx uploaded as a draft', () => {
  it('leaves other requests as fast as without it, answers 201 within 30 s and keeps its outcome', async () => {
    const { projectIds } = await paidOrder(parties.customer.idToken);
    const id = projectIds[0] as string;
    // 5 MB of short runs in document.xml, about half a megabyte on the wire.
    const hostile = shortRuns(5 * 1024 * 1024);
    const started = performance.now();
    const { slowest, result } = await slowestSlotsDuring(upload(parties.customer.idToken, id, hostile, 'runs.docx'));
    expect(result.status).toBe(201);
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(slowest).toBeLessThan(1_000);
    const kept = await draftTextsRepo().get(id, result.body.id);
    expect(kept).toMatchObject({ status: 'unreadable', blocks: [] });

    await act(parties.customer.idToken, id, 'submit', {
      version: 1,
      prompt: 'P',
      draft: { kind: 'file', fileId: result.body.id },
    });
    const read = await call(projectDraft, `/api/projects/${id}/drafts/1`, {
      params: { id, round: '1' },
      headers: bearer(parties.editorToken),
    });
    expect(read.body).toMatchObject({ status: 'unreadable', reason: kept!.reason, blocks: [] });
  }, 60_000);
});
