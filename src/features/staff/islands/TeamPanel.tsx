import { useId, useRef, useState, type FormEvent } from 'react';
import { EMAIL_FIELD_HINT, emailMessages, isEmail, normalizeEmail } from '#lib/email';
import { ROLES, roleDescription, roleLabel, roleMessages, type Role } from '#lib/roles';
import { ConfirmPanel } from '../../../islands/shared/admin/ConfirmPanel';
import { CouldNotLoad } from '../../../islands/shared/admin/CouldNotLoad';
import { Time } from '../../../islands/shared/admin/Facts';
import { showToast } from '../../../islands/shared/admin/toasts';
import { useSignedInFetch } from '../../../islands/shared/useSignedInFetch';
import type { Team, TeamMember } from '../staff';
import { changeRole, inviteMember, removeMember, TEAM_PATH } from './team-api';
import { NotificationsForm } from './NotificationsForm';
import { CardForm } from './CardForm';

const otherRole = (role: Role): Role => (role === 'owner' ? 'staff' : 'owner');

/** The roles, each with what it may do: the invitation's choice, and the tab's legend. */
function RoleChoice({ name, value, onChange }: { name: string; value: Role; onChange: (role: Role) => void }) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-800">Role</legend>
      {ROLES.map((role) => (
        <label key={role} className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name={name}
            value={role}
            checked={value === role}
            onChange={() => onChange(role)}
            className="mt-1 size-4"
          />
          <span>
            <span className="font-semibold">{roleLabel[role]}</span>: {roleDescription[role]}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** An owner's invitation: an address and a role; the address is mailed how to sign in. */
function InviteForm({ onInvited }: { onInvited: (member: TeamMember) => void }) {
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const address = normalizeEmail(email);
    const invalid = !address ? emailMessages.required : isEmail(address) ? '' : emailMessages.invalid;
    setProblem(invalid);
    if (invalid) return emailRef.current?.focus();
    setBusy(true);
    const result = await inviteMember(address, role);
    setBusy(false);
    if (!result.ok) {
      setProblem(result.error);
      return emailRef.current?.focus();
    }
    setEmail('');
    setRole('staff');
    onInvited(result.data);
    showToast('success', roleMessages.invited(result.data.email));
    emailRef.current?.focus();
  }

  return (
    <CardForm
      id={id}
      title="Invite to the team"
      problem={problem}
      busy={busy}
      submitLabel="Invite"
      onSubmit={(event) => void submit(event)}
    >
      <div className="space-y-1">
        <label htmlFor={`${id}-email`} className="block text-sm font-semibold text-slate-800">
          E-mail address<span aria-hidden="true"> *</span>
        </label>
        <input
          id={`${id}-email`}
          ref={emailRef}
          type="email"
          required
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
          className="input max-w-md"
        />
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {EMAIL_FIELD_HINT}. They sign in with this address and verify it; the admin area opens for it alone.
        </p>
      </div>
      <RoleChoice name={`${id}-role`} value={role} onChange={setRole} />
    </CardForm>
  );
}

/** One member: their address and role, when and by whom invited, and for an owner the changes. */
function Member({
  member,
  mayChange,
  onChanged,
  onRemoved,
}: {
  member: TeamMember;
  mayChange: boolean;
  onChanged: (member: TeamMember) => void;
  onRemoved: () => void;
}) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const removeRef = useRef<HTMLButtonElement>(null);
  const next = otherRole(member.role);

  async function switchRole() {
    if (busy) return;
    setBusy(true);
    const result = await changeRole(member.email, next);
    setBusy(false);
    if (!result.ok) return setProblem(result.error);
    setProblem('');
    onChanged(result.data);
    showToast('success', roleMessages.roleChanged(result.data.email, result.data.role));
  }

  async function remove(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await removeMember(member.email);
    setBusy(false);
    if (!result.ok) return setProblem(result.error);
    showToast('success', roleMessages.removed(member.email));
    onRemoved();
  }

  function cancel() {
    setConfirming(false);
    setProblem('');
    requestAnimationFrame(() => removeRef.current?.focus());
  }

  return (
    <li aria-labelledby={`${id}-email`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 id={`${id}-email`} className="font-semibold break-words text-navy-900">
        {member.email}
      </h3>
      <p className="mt-1 text-sm text-slate-800">
        <span className="font-semibold">{roleLabel[member.role]}</span>
        {member.fromSettings ? (
          ' · set in the site’s settings (ADMIN_EMAILS)'
        ) : member.invitedAt && member.invitedBy ? (
          <>
            {' · invited by '}
            {member.invitedBy} on <Time iso={member.invitedAt} />
          </>
        ) : null}
      </p>
      {mayChange && !member.fromSettings && !confirming && (
        <div className="mt-3 flex flex-wrap gap-3">
          <button
            type="button"
            className="btn-outline min-h-10 px-4 py-1.5 text-sm aria-disabled:opacity-60"
            aria-disabled={busy}
            onClick={() => void switchRole()}
          >
            Make {next === 'owner' ? 'an owner' : 'staff'}
          </button>
          <button
            ref={removeRef}
            type="button"
            className="btn-outline min-h-10 px-4 py-1.5 text-sm"
            onClick={() => setConfirming(true)}
          >
            Remove from the team
          </button>
        </div>
      )}
      {confirming ? (
        <ConfirmPanel
          id={`${id}-remove`}
          question={`Remove ${member.email} from the team?`}
          consequence="They can no longer open the admin area; what they did stays in the audit log."
          confirmLabel="Remove"
          confirmStyle="btn bg-red-700 text-white hover:bg-red-800"
          busy={busy}
          problem={problem}
          onSubmit={(event) => void remove(event)}
          onCancel={cancel}
        />
      ) : (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800 empty:hidden">
          {problem}
        </p>
      )}
    </li>
  );
}

/**
 * The Team tab: one's own notifications; who may use the admin area and with which role; an owner
 * invites, changes and removes.
 */
export default function TeamPanel() {
  const { value, reload } = useSignedInFetch<Team>(TEAM_PATH);
  const [members, setMembers] = useState<TeamMember[] | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  if (value.state === 'loading') return <p role="status">Loading the team...</p>;
  if (value.state === 'signedOut') return null;
  if (!value.result.ok)
    return <CouldNotLoad what="The team" error={value.result.error} onRetry={() => void reload()} />;
  const { yourRole } = value.result.data;
  const shown = members ?? value.result.data.members;
  const owner = yourRole === 'owner';
  const replace = (member: TeamMember) => setMembers(shown.map((m) => (m.email === member.email ? member : m)));

  return (
    <section aria-labelledby="team-heading" className="space-y-4">
      <h2 id="team-heading" ref={headingRef} tabIndex={-1} className="font-serif text-2xl font-bold text-navy-900">
        Team
      </h2>
      <p className="text-slate-700">
        Who may use the admin area. {roleLabel.owner}: {roleDescription.owner} {roleLabel.staff}:{' '}
        {roleDescription.staff}
      </p>
      {owner ? (
        <InviteForm onInvited={(member) => setMembers([...shown.filter((m) => m.email !== member.email), member])} />
      ) : (
        <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
          {roleMessages.teamOwnersOnly}
        </p>
      )}
      <ul className="space-y-3" aria-label="Team members">
        {shown.map((member) => (
          <Member
            key={member.email}
            member={member}
            mayChange={owner}
            onChanged={replace}
            onRemoved={() => {
              setMembers(shown.filter((m) => m.email !== member.email));
              requestAnimationFrame(() => headingRef.current?.focus());
            }}
          />
        ))}
      </ul>
      <NotificationsForm />
    </section>
  );
}
