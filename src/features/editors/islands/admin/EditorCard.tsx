import { formatDay } from '#lib/time';
import { useEffect, useId, useState } from 'react';
import { ConfirmPanel } from '../../../../islands/shared/admin/ConfirmPanel';
import type { AdminEditor, ProjectCounts } from '../../editor-rules';
import { testLabel } from '../../editor-rules';
import { invitationState, payoutStepWords } from '../../invitation';
import { editorMessages } from '#lib/messages';
import { onTimeLabel, ratingLabel } from '#features/reviews/rating';
import { trackPhrases } from '#features/reviews/track-record';
import { Fact } from '../../../../islands/shared/admin/Facts';
import { PencilIcon, TrashIcon } from '../../../../islands/shared/admin/icons';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

const iconButton = 'grid size-11 place-items-center rounded-lg text-slate-700 hover:bg-navy-50 hover:text-navy-800';

interface EditorCardProps {
  editor: AdminEditor;
  /** People on the editor's waitlist, once known. */
  waiting?: number;
  onEdit: () => void;
  onSetHidden: (hidden: boolean) => void;
  onInvite: () => void;
  onDelete: () => void;
}

/** Where the invitation stands, in a line: sent and until when, expired, accepted, or none yet. */
function invitationLine(steps: AdminEditor['steps'], now: Date): string {
  const { invitation } = steps;
  const state = invitationState(invitation, now);
  if (state === 'none' || !invitation) return 'Not sent';
  if (state === 'accepted') return `Accepted ${formatDay(invitation.acceptedAt!)} by ${invitation.email}`;
  if (state === 'expired') return `Expired ${formatDay(invitation.expiresAt)} (sent to ${invitation.email})`;
  return `Sent ${formatDay(invitation.sentAt)} to ${invitation.email}; works until ${formatDay(invitation.expiresAt)}`;
}

/** '2 open, 1 finished', and how many stopped unfinished when any did: those are not finished. */
const projectCount = ({ open, finished, stopped }: ProjectCounts) =>
  `${open} open, ${finished} finished${stopped > 0 ? `, ${stopped} withdrawn or cancelled` : ''}`;

/**
 * One editor in the admin list: edit, hide from the site (or show again) and, for an editor who never
 * had a project, delete; how many projects they have, how many people wait for them and their account.
 */
export function EditorCard({ editor, waiting, onEdit, onSetHidden, onInvite, onDelete }: EditorCardProps) {
  const [confirmingHide, setConfirmingHide] = useState(false);
  const accepted = invitationState(editor.steps.invitation, new Date()) === 'accepted';
  const featuredOn = [editor.featured.home && 'Home', editor.featured.about && 'About'].filter(Boolean);
  const deletable =
    editor.projects !== undefined && editor.projects.open + editor.projects.finished + editor.projects.stopped === 0;
  return (
    <>
      <div className="flex items-start gap-4">
        {editor.image ? (
          <img
            src={editor.image}
            alt=""
            width={64}
            height={64}
            loading="lazy"
            className="size-16 shrink-0 rounded-full bg-navy-50 object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-16 shrink-0 place-items-center rounded-full bg-navy-100 font-serif text-xl font-bold text-navy-800"
          >
            {initials(editor.name)}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h3 className="font-serif text-lg font-bold break-words text-navy-900">{editor.name}</h3>
          {editor.hidden && (
            <p className="mt-0.5 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900">
              {editorMessages.hiddenBadge}
            </p>
          )}
          <p className="text-sm text-slate-700">{editor.college}</p>
          <p className="text-sm text-slate-700">{editor.major}</p>
        </div>
        <div className="-mt-1 -mr-2 flex shrink-0">
          <button
            type="button"
            id={`edit-${editor.id}`}
            className={iconButton}
            onClick={onEdit}
            aria-label={`Edit ${editor.name}`}
            title="Edit"
          >
            <PencilIcon />
          </button>
          {deletable && (
            <button
              type="button"
              className={`${iconButton} hover:text-red-800`}
              onClick={onDelete}
              aria-label={`Delete ${editor.name}`}
              title="Delete"
            >
              <TrashIcon />
            </button>
          )}
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact term={editor.sat ? testLabel(editor.sat) : 'SAT/ACT'}>{editor.sat}</Fact>
        <Fact term="GPA">{editor.gpa}</Fact>
        <Fact term="Slots open">{`${editor.slotsOpen}/${editor.totalSlots}`}</Fact>
        {waiting !== undefined && <Fact term="Waitlist">{`${waiting} waiting`}</Fact>}
        {editor.projects && <Fact term="Projects">{projectCount(editor.projects)}</Fact>}
        <Fact term="Reviews">
          {[ratingLabel(editor.rating, editor.track), onTimeLabel(editor.onTime)].filter(Boolean).join(' · ')}
        </Fact>
        <Fact term="Track record" wide>
          {trackPhrases(editor.track).join(' · ')}
        </Fact>
        <Fact term="Editor account" wide>
          {editor.accountEmail || 'No account'}
        </Fact>
        <Fact term="Invitation" wide>
          {invitationLine(editor.steps, new Date())}
        </Fact>
        <Fact term="Profile">{editor.steps.profileWritten ? 'Saved by the editor' : 'Not yet saved'}</Fact>
        <Fact term="Payouts">{payoutStepWords[editor.steps.payouts]}</Fact>
      </dl>
      {featuredOn.length > 0 && (
        <p className="mt-3 text-sm text-slate-700">
          Featured on: <span className="font-semibold text-navy-800">{featuredOn.join(', ')}</span>
        </p>
      )}
      {editor.ecs && (
        <p className="mt-3 text-sm text-slate-700">
          <span className="font-semibold text-slate-800">Extracurriculars:</span> {editor.ecs}
        </p>
      )}
      {editor.strengths && (
        <p className="mt-2 text-sm text-slate-700">
          <span className="font-semibold text-slate-800">Strengths:</span> {editor.strengths}
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-3">
        <button
          type="button"
          id={`visibility-${editor.id}`}
          className="btn-outline min-h-11 px-4 py-1.5 text-sm"
          aria-label={`${editor.hidden ? 'Show on the site' : 'Hide from the site'}: ${editor.name}`}
          aria-expanded={editor.hidden ? undefined : confirmingHide}
          onClick={() => (editor.hidden ? onSetHidden(false) : setConfirmingHide(true))}
        >
          {editor.hidden ? 'Show on the site' : 'Hide from the site'}
        </button>
        {editor.accountEmail && !accepted && (
          <button
            type="button"
            id={`invite-${editor.id}`}
            className="btn-outline min-h-11 px-4 py-1.5 text-sm"
            aria-label={`Send a new invitation: ${editor.name}`}
            onClick={onInvite}
          >
            Send a new invitation
          </button>
        )}
        {!deletable && editor.projects && (
          <p className="text-xs text-slate-600">Has projects, so it stays on record: hide rather than delete.</p>
        )}
      </div>
      {confirmingHide && !editor.hidden && (
        <HideConfirm
          editor={editor}
          onConfirm={() => {
            setConfirmingHide(false);
            onSetHidden(true);
          }}
          onCancel={() => {
            setConfirmingHide(false);
            requestAnimationFrame(() => document.getElementById(`visibility-${editor.id}`)?.focus());
          }}
        />
      )}
    </>
  );
}

/** Hiding asks first, and offers the editor's open projects for reassignment (the Projects tab, by editor). */
function HideConfirm({
  editor,
  onConfirm,
  onCancel,
}: {
  editor: AdminEditor;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const open = editor.projects?.open ?? 0;
  useEffect(() => document.getElementById(`${id}-question`)?.closest('form')?.querySelector('button')?.focus(), [id]);
  return (
    <ConfirmPanel
      id={id}
      question={`Hide ${editor.name} from the site?`}
      consequence="Families can no longer choose them or join their waitlist. Their open projects stay with them until you reassign them."
      confirmLabel="Hide from the site"
      confirmStyle="btn-primary"
      busy={false}
      problem=""
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm();
      }}
      onCancel={onCancel}
    >
      {open > 0 && (
        <p className="text-sm text-slate-800">
          {open === 1 ? 'One project is open.' : `${open} projects are open.`}{' '}
          <a href={`/admin?tab=projects&editor=${encodeURIComponent(editor.id)}`} className="font-semibold underline">
            Reassign {editor.name}&rsquo;s open projects
          </a>
        </p>
      )}
    </ConfirmPanel>
  );
}
