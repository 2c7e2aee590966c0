import { useId, useRef, useState } from 'react';
import { firstName, type ProjectView } from '#features/projects/project';
import { isTerminal } from '#features/projects/process';
import { sameAddress } from '#lib/email';
import { studentAccessMessages } from '#features/projects/student-access';
import { setStudentAccess } from '#features/projects/islands/project-api';
import { StepNotice } from '../../features/projects/islands/StepNotice';
import type { StepNotice as Notice } from '#features/projects/islands/useProjectStep';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

interface Props {
  /** The projects of one of the parent's orders, as the parent reads them. */
  projects: ProjectView[];
  /** The parent's own address: a student address that is the same needs no invitation. */
  accountEmail: string;
  onChange: (project: ProjectView) => void;
}

/**
 * The parent lets the student on an order work on its projects, or ends that. Offered while a project
 * of the order is open, and while the student has access, so it can be ended.
 */
export function StudentInvite({ projects, accountEmail, onChange }: Props) {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const [first] = projects;
  const student = first?.student;
  const invitedAt = projects.find((p) => p.studentAccess)?.studentAccess?.invitedAt;
  const open = projects.some((p) => !isTerminal(p.state));
  if (!first || !student?.email || sameAddress(student.email, accountEmail) || (!invitedAt && !open)) return null;
  const name = firstName(student.name);
  const editors = [...new Set(projects.map((p) => p.editor.name))].join(' and ');

  async function change(share: boolean) {
    setBusy(true);
    setNotice(null);
    const result = await setStudentAccess(first.orderId, share);
    if (result.ok) result.data.forEach(onChange);
    setNotice(
      result.ok
        ? {
            kind: 'success',
            text: share
              ? studentAccessMessages.invited(student!.name, student!.email!)
              : studentAccessMessages.removed(student!.name),
          }
        : { kind: 'error', text: result.error },
    );
    setBusy(false);
    // The button pressed is replaced by the other one: the result is where focus goes.
    noticeRef.current?.focus();
  }

  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-2xl border border-navy-100 bg-navy-50 p-4 sm:p-5">
      <h3 id={headingId} className="font-bold text-navy-900">
        {name}'s own access · order <span className="font-mono">{first.orderId}</span>
      </h3>
      <p className="text-sm text-slate-800">
        {invitedAt
          ? `Invited ${dateFormat.format(new Date(invitedAt))}: ${name} logs in with ${student.email} and works on these projects with you. Orders, payments and refunds stay with you.`
          : studentAccessMessages.offer(student.name, student.email, editors)}
      </p>
      <StepNotice ref={noticeRef} notice={notice} />
      {invitedAt ? (
        <button type="button" className="btn-outline" disabled={busy} onClick={() => void change(false)}>
          {busy ? 'Ending access...' : `End ${name}'s access`}
        </button>
      ) : (
        <button type="button" className="btn-primary" disabled={busy} onClick={() => void change(true)}>
          {busy ? 'Sending the invitation...' : `Invite ${name}`}
        </button>
      )}
    </section>
  );
}
