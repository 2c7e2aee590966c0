import { roleMessages, STAFF_REFUND_LIMIT_CENTS } from '#lib/roles';
import { useIsOwner } from '../../../../islands/shared/admin/useRole';
import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { Order } from '../../order';
import { formatUsdCents } from '#lib/money';
import { remainingCents, type Refund } from '#lib/refunds';
import { getOrder, getProject, refundOrder } from '../../../../islands/shared/admin/admin-api';
import {
  adminRefundIdOf,
  leftOpenBy,
  leftOpenMessages,
  parseDollars,
  problemOfRefundApi,
  projectChoices,
  projectIdsOf,
  REASON_MAX,
  toRefundInput,
  type ProjectChoice,
  type RefundAttempt,
  type RefundField,
  type RefundFormValues,
  type RefundProblem,
} from './refund-form';

const labelClass = 'block text-sm font-semibold text-slate-800';
const hintClass = 'text-sm text-slate-700';

const NO_ANSWER =
  'No answer from the server: the refund may or may not have been made. Submit again to retry: it is sent as the same refund, so it can never be made twice.';

type Projects = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; choices: ProjectChoice[] };

/** The order's projects, each read as the admin sees it; a unit with no project (none was made) is left out. */
async function loadChoices(order: Order): Promise<Projects> {
  const results = await Promise.all(projectIdsOf(order).map((id) => getProject(id)));
  if (results.some((r) => !r.ok && r.status !== 404)) return { status: 'failed' };
  return {
    status: 'ready',
    choices: projectChoices(
      order,
      results.flatMap((r) => (r.ok ? [r.data] : [])),
    ),
  };
}

interface RefundFormProps {
  order: Order;
  /** The request id of this refund, kept by the card through failures (refund-form.ts). */
  attempt: RefundAttempt;
  /** The refund went through (or was found made): the order as it is now and the refund. */
  onRefunded: (order: Order, refund: Refund) => void;
  /** A refusal brought a fresher copy of the order (another refund came first, a project moved on). */
  onOrderChanged: (order: Order) => void;
  /** Tells the card the refund could not be made; the form stays with what was typed. */
  onFailed: (message: string, answered: boolean) => void;
  onCancel: () => void;
}

/**
 * The admin's refund of a paid order, in place under the order: an amount in dollars up to
 * what remains, a reason, and optionally the order's open projects to cancel. Problems show at their
 * field; a retry after a failure is the same refund.
 */
export function RefundForm({ order, attempt, onRefunded, onOrderChanged, onFailed, onCancel }: RefundFormProps) {
  const id = useId();
  const amountInput = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<RefundFormValues>({
    amount: '',
    reason: '',
    projectIds: [],
    forProjectIds: [],
    keepOpen: false,
  });
  const [problem, setProblem] = useState<RefundProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [projects, setProjects] = useState<Projects>({ status: 'loading' });
  const remaining = remainingCents(order);
  const owner = useIsOwner();
  const parsed = parseDollars(values.amount, remaining);
  const charged = order.addOnLines.filter((line) => line.chargedCents > 0);
  const choices = projects.status === 'ready' ? projects.choices : [];
  const ended = choices.filter((choice) => choice.ended);
  const leftOpen = leftOpenBy(parsed, remaining, choices, values.projectIds);

  /** The list as loaded: a project chosen that can no longer be cancelled is unchosen with it. */
  function showProjects(next: Projects) {
    setProjects(next);
    if (next.status !== 'ready') return;
    const open = new Set(next.choices.filter((c) => c.unavailable === null).map((c) => c.id));
    setValues((v) =>
      v.projectIds.every((p) => open.has(p)) ? v : { ...v, projectIds: v.projectIds.filter((p) => open.has(p)) },
    );
  }
  async function reloadProjects() {
    setProjects({ status: 'loading' });
    showProjects(await loadChoices(order));
  }

  // Once, on opening (the list starts as 'loading'); a fresher copy of the order has new refunds, not new projects.
  const loadFirstProjects = useEffectEvent(() => void loadChoices(order).then(showProjects));
  useEffect(() => {
    amountInput.current?.focus();
    loadFirstProjects();
  }, []);

  const fieldId = (field: RefundField) => `${id}-${field}`;
  const messageAt = (field: RefundField) => (problem?.field === field ? problem.message : undefined);
  /** A field changed: its own problem is stale (a corrected amount is judged again when sent). */
  const edit = (field: 'amount' | 'reason', value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setProblem((p) => (p?.field === field ? null : p));
  };
  const describedBy = (field: RefundField) =>
    [`${fieldId(field)}-hint`, messageAt(field) && `${fieldId(field)}-problem`].filter(Boolean).join(' ');

  function show(found: RefundProblem) {
    setProblem(found);
    requestAnimationFrame(() => {
      const target =
        found.field === 'projects' || found.field === 'ended'
          ? document.querySelector<HTMLInputElement>(`#${CSS.escape(fieldId(found.field))} input:not(:disabled)`)
          : found.field
            ? document.getElementById(fieldId(found.field))
            : null;
      target?.focus();
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = toRefundInput(values, remaining, choices);
    if (!checked.ok) return show(checked);
    setProblem(null);
    setBusy(true);
    const requestId = attempt.id();
    const result = await refundOrder(order.id, { requestId, ...checked.input });
    const made = (current: Order) => current.refunds?.find((r) => r.id === adminRefundIdOf(requestId));
    if (result.ok && made(result.data)) {
      attempt.succeeded();
      return onRefunded(result.data, made(result.data)!);
    }
    // Whatever went wrong, the order as it is now says whether the refund was made (its answer may
    // have been lost on the way) and how much remains.
    const now = await getOrder(order.id);
    if (now.ok && made(now.data)) {
      attempt.succeeded();
      return onRefunded(now.data, made(now.data)!);
    }
    if (now.ok) onOrderChanged(now.data);
    setBusy(false);
    const answered = !result.ok && result.status !== 0;
    const found = answered ? problemOfRefundApi(result.error, order.id) : { field: null, message: NO_ANSWER };
    if (found.field === 'projects') void reloadProjects();
    onFailed(found.message, answered);
    show(found);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || busy) return;
    event.preventDefault();
    onCancel();
  }

  function toggle(list: 'projectIds' | 'forProjectIds', projectId: string, checked: boolean) {
    setValues((v) => ({
      ...v,
      [list]: checked ? [...v[list], projectId] : v[list].filter((p) => p !== projectId),
    }));
  }

  /** Ticks the projects that would stay open; the question goes, so the focus goes to the first of them. */
  function cancelLeftOpen() {
    const [first] = leftOpen;
    setValues((v) => ({ ...v, projectIds: [...v.projectIds, ...leftOpen.map((c) => c.id)] }));
    setProblem((p) => (p?.field === 'leftOpen' ? null : p));
    requestAnimationFrame(() => document.getElementById(`${id}-project-${first.id}`)?.focus());
  }

  const chosenCents =
    projects.status === 'ready'
      ? projects.choices.filter((c) => values.projectIds.includes(c.id)).reduce((sum, c) => sum + c.priceCents, 0)
      : 0;

  return (
    // Escape anywhere in the form cancels it, as in a dialog.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <form
      method="post"
      noValidate
      onSubmit={submit}
      onKeyDown={onKeyDown}
      aria-labelledby={`${id}-heading`}
      aria-busy={busy}
      className="mt-4 space-y-4 rounded-lg border border-navy-200 bg-navy-50 p-4"
    >
      <div>
        <h4 id={`${id}-heading`} className="font-semibold text-navy-900">
          Refund order {order.id}
        </h4>
        <p className={hintClass}>
          Paid {formatUsdCents(order.totalCents)}; {formatUsdCents(remaining)} remains to refund. The customer is
          e-mailed the amount and the reason.
        </p>
      </div>

      <div className="space-y-1">
        <label htmlFor={fieldId('amount')} className={labelClass}>
          Amount to refund (USD)<span aria-hidden="true"> *</span>
        </label>
        <div className="flex items-center gap-2">
          <span aria-hidden="true" className="font-semibold text-slate-800">
            $
          </span>
          <input
            ref={amountInput}
            id={fieldId('amount')}
            name="amount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            required
            value={values.amount}
            onChange={(e) => edit('amount', e.target.value)}
            aria-invalid={messageAt('amount') ? true : undefined}
            aria-describedby={describedBy('amount')}
            className="input max-w-40"
          />
        </div>
        <p id={`${fieldId('amount')}-hint`} className={hintClass}>
          Dollars and cents, up to {formatUsdCents(remaining)}.
          {!owner && remaining > STAFF_REFUND_LIMIT_CENTS && ` ${roleMessages.staffRefundHint}`}
        </p>
        <FieldProblem id={`${fieldId('amount')}-problem`} message={messageAt('amount')} />
      </div>

      <div className="space-y-1">
        <label htmlFor={fieldId('reason')} className={labelClass}>
          Reason<span aria-hidden="true"> *</span>
        </label>
        <textarea
          id={fieldId('reason')}
          name="reason"
          required
          rows={2}
          maxLength={REASON_MAX}
          value={values.reason}
          onChange={(e) => edit('reason', e.target.value)}
          aria-invalid={messageAt('reason') ? true : undefined}
          aria-describedby={describedBy('reason')}
          className="input min-h-16"
        />
        <p id={`${fieldId('reason')}-hint`} className={hintClass}>
          The customer reads it in the refund e-mail. At most {REASON_MAX} characters ({values.reason.length} used).
        </p>
        <FieldProblem id={`${fieldId('reason')}-problem`} message={messageAt('reason')} />
      </div>

      <fieldset id={fieldId('projects')} aria-describedby={describedBy('projects')} className="space-y-2">
        <legend className={labelClass}>Projects to cancel (optional)</legend>
        <p id={`${fieldId('projects')}-hint`} className={hintClass}>
          A cancelled project stops and gives its editor&rsquo;s slot back; its price is a guide, the amount above is
          what is refunded.
          {charged.length > 0 &&
            ` Add-ons are refunded only here: include them in the amount (${charged.map((l) => `${l.title} ${formatUsdCents(l.chargedCents)}`).join(', ')}).`}
          {charged.length === 0 && ' Add-ons are refunded only here, in the amount.'}
        </p>
        <ProjectList
          projects={projects}
          chosen={values.projectIds}
          onToggle={(projectId, checked) => toggle('projectIds', projectId, checked)}
          onRetry={() => void reloadProjects()}
          name={`${id}-project`}
        />
        {chosenCents > 0 && <p className={hintClass}>The chosen projects cost {formatUsdCents(chosenCents)}.</p>}
        <FieldProblem id={`${fieldId('projects')}-problem`} message={messageAt('projects')} />
      </fieldset>

      {ended.length > 0 && (
        <fieldset id={fieldId('ended')} aria-describedby={describedBy('ended')} className="space-y-2">
          <legend className={labelClass}>Finished projects it refunds (optional)</legend>
          <p id={`${fieldId('ended')}-hint`} className={hintClass}>
            Its editor gives back the refunded share of what the project earned: off what is pending before it clears,
            from the next payout after. The editor is e-mailed the amount.
          </p>
          <ul className="space-y-2">
            {ended.map((choice) => (
              <li key={choice.id}>
                <ProjectCheckbox
                  choice={choice}
                  inputId={`${id}-ended-${choice.id}`}
                  name="forProjectIds"
                  checked={values.forProjectIds.includes(choice.id)}
                  disabled={false}
                  detail={`${choice.id} · price ${formatUsdCents(choice.priceCents)}`}
                  onToggle={(checked) => toggle('forProjectIds', choice.id, checked)}
                />
              </li>
            ))}
          </ul>
          <FieldProblem id={`${fieldId('ended')}-problem`} message={messageAt('ended')} />
        </fieldset>
      )}

      {leftOpen.length > 0 && (
        <div
          role="group"
          aria-labelledby={`${fieldId('leftOpen')}-heading`}
          aria-describedby={describedBy('leftOpen')}
          className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3"
        >
          <p id={`${fieldId('leftOpen')}-heading`} className="text-sm font-semibold text-slate-900">
            {leftOpenMessages.heading(leftOpen.length)}
          </p>
          <ul className="list-disc pl-5 text-sm text-slate-800">
            {leftOpen.map((choice) => (
              <li key={choice.id}>
                {choice.label} ({choice.state})
              </li>
            ))}
          </ul>
          <p id={`${fieldId('leftOpen')}-hint`} className={hintClass}>
            {leftOpenMessages.consequence}
          </p>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <button
              id={fieldId('leftOpen')}
              type="button"
              className="btn-outline min-h-10 px-4 py-1.5 text-sm"
              onClick={cancelLeftOpen}
            >
              {leftOpenMessages.cancelThem(leftOpen.length)}
            </button>
            <label className="flex min-h-10 items-center gap-2 text-sm font-semibold text-slate-900">
              <input
                type="checkbox"
                checked={values.keepOpen}
                onChange={(e) => {
                  setValues((v) => ({ ...v, keepOpen: e.target.checked }));
                  setProblem((p) => (p?.field === 'leftOpen' ? null : p));
                }}
                className="size-5 accent-navy-700"
              />
              {leftOpenMessages.keep(leftOpen.length)}
            </label>
          </div>
          <FieldProblem id={`${fieldId('leftOpen')}-problem`} message={messageAt('leftOpen')} />
        </div>
      )}

      <FieldProblem id={`${id}-problem`} message={problem && problem.field === null ? problem.message : undefined} />
      <div className="flex flex-wrap gap-3">
        {/* aria-disabled, not disabled: a disabled button drops the keyboard focus while the refund is made. */}
        <button
          type="submit"
          className="btn bg-red-700 text-white hover:bg-red-800 min-h-10 px-4 py-1.5 text-sm aria-disabled:opacity-60"
          aria-disabled={busy}
        >
          {busy ? 'Refunding...' : parsed.ok ? `Refund ${formatUsdCents(parsed.value)}` : 'Refund'}
        </button>
        <button type="button" className="btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function FieldProblem({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-red-800">
      {message}
    </p>
  );
}

interface ProjectListProps {
  projects: Projects;
  chosen: string[];
  onToggle: (id: string, checked: boolean) => void;
  onRetry: () => void;
  name: string;
}

function ProjectList({ projects, chosen, onToggle, onRetry, name }: ProjectListProps) {
  if (projects.status === 'loading') return <p className={hintClass}>Loading the order&rsquo;s projects...</p>;
  if (projects.status === 'failed') {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className={hintClass}>
          The projects could not be loaded. A refund without cancelling any is still possible.
        </p>
        <button type="button" className="btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (projects.choices.length === 0) return <p className={hintClass}>This order has no projects.</p>;
  return (
    <ul className="space-y-2">
      {projects.choices.map((choice) => (
        <li key={choice.id}>
          <ProjectCheckbox
            choice={choice}
            inputId={`${name}-${choice.id}`}
            name="projectIds"
            checked={chosen.includes(choice.id)}
            disabled={choice.unavailable !== null}
            detail={`${choice.id} · price ${formatUsdCents(choice.priceCents)}${choice.unavailable ? ` · ${choice.unavailable}` : ''}`}
            onToggle={(checked) => onToggle(choice.id, checked)}
          />
        </li>
      ))}
    </ul>
  );
}

interface ProjectCheckboxProps {
  choice: ProjectChoice;
  inputId: string;
  name: string;
  checked: boolean;
  disabled: boolean;
  detail: string;
  onToggle: (checked: boolean) => void;
}

/** One project to tick: what it is and its state, with its id and price beneath. */
function ProjectCheckbox({ choice, inputId, name, checked, disabled, detail, onToggle }: ProjectCheckboxProps) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={inputId}
        type="checkbox"
        name={name}
        value={choice.id}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onToggle(e.target.checked)}
        aria-describedby={`${inputId}-hint`}
        className="mt-1 size-5 shrink-0 accent-navy-700"
      />
      <div className="min-w-0">
        <label htmlFor={inputId} className={`text-sm font-semibold ${disabled ? 'text-slate-600' : 'text-slate-900'}`}>
          {choice.label} ({choice.state})
        </label>
        <p id={`${inputId}-hint`} className="text-sm text-slate-700 [overflow-wrap:anywhere]">
          {detail}
        </p>
      </div>
    </div>
  );
}
