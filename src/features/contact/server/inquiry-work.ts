/**
 * Our team's work on an inquiry, kept on it: notes, replies and who looks after it. A reply goes to
 * the address the inquiry came from and nowhere else (the request names no address): it is kept on
 * the inquiry first, then mailed once under its request's id, so a retry at any write neither loses
 * it nor sends it twice. Each is audited.
 */
import { INQUIRY_WORK_MAX, inquiryWorkMessages, type InquiryWork } from '#lib/admin-lists';
import type { inquiryWorkSchema } from '#lib/admin-lists.schema';
import { site } from '#lib/site';
import type { z } from '#lib/zod';
import { audited } from '#server/core/audit-log';
import type { Caller } from '#server/core/auth';
import { HttpError } from '#server/core/http';
import { paragraphsMail, sendMail } from '#server/core/mail';
import { isOnTheTeam } from '#server/core/staff';
import type { DeployInfo } from '#server/storage/stores';
import { inquiriesRepo, type InquiryRecord } from './inquiries.repo';

type Work = z.infer<typeof inquiryWorkSchema>;

const notFound = () => new HttpError(404, 'No inquiry with this id');

/** The reply as the family reads it: our words, then how to answer. */
const replyMail = (record: InquiryRecord, text: string) =>
  paragraphsMail(record.email, `Re: your inquiry to ${site.name}`, [
    `Dear ${record.parentName},`,
    ...text.split(/\n{2,}/),
    `${site.name} · ${site.email}`,
    'To write back, reply to this e-mail.',
  ]);

/** Does `work` on inquiry `id` as `caller`; answers the inquiry as it is after. */
export async function workOn(work: Work, caller: Caller, info?: DeployInfo): Promise<InquiryRecord> {
  const repo = inquiriesRepo(info);
  const before = await repo.get(work.id);
  if (!before) throw notFound();
  const subject = { kind: 'inquiry', id: work.id } as const;
  const now = new Date();

  if (work.action === 'owner') {
    if (work.owner && !(await isOnTheTeam(work.owner, info)))
      throw new HttpError(409, inquiryWorkMessages.ownerNotOnTeam);
    const change = {
      action: 'inquiry-owner-set',
      subject,
      before: { owner: before.owner ?? null },
      after: { owner: work.owner },
    } as const;
    const record = await audited(info, caller, change, () =>
      repo.update(work.id, (current) =>
        (current.owner ?? null) === work.owner
          ? current
          : {
              ...current,
              owner: work.owner,
              owners: [...(current.owners ?? []), { at: now.toISOString(), by: caller.email, owner: work.owner }],
            },
      ),
    );
    if (!record) throw notFound();
    return record;
  }

  const entry: InquiryWork = {
    id: work.requestId,
    kind: work.action,
    at: now.toISOString(),
    by: caller.email,
    text: work.text,
  };
  const kept = before.work?.find((w) => w.id === work.requestId);
  const change = {
    action: work.action === 'note' ? 'inquiry-noted' : 'inquiry-replied',
    subject,
    // A retry of work kept already changes nothing: no second entry.
    before: kept ? { text: kept.text } : null,
    after: { text: work.text },
  } as const;
  const record = await audited(info, caller, kept ? { ...change, before: change.after } : change, () =>
    repo.update(work.id, (current) => {
      if (current.work?.some((w) => w.id === work.requestId)) return current;
      if ((current.work?.length ?? 0) >= INQUIRY_WORK_MAX) throw new HttpError(409, inquiryWorkMessages.full);
      return { ...current, work: [...(current.work ?? []), entry] };
    }),
  );
  if (!record) throw notFound();
  if (work.action === 'reply') {
    const reply = record.work!.find((w) => w.id === work.requestId)!;
    await sendMail({ ...replyMail(record, reply.text), kind: 'inquiry' }, info, new Date(reply.at), {
      id: `inquiry-reply-${reply.id}`,
      at: new Date(reply.at),
    });
  }
  return record;
}
