import { adminCloseTexts as t, endingText, whatClosingDoes, type ClosurePreview } from '../../privacy';
import { ConfirmPanel, ReasonField, useReasonConfirm } from '../../../../islands/shared/admin/ConfirmPanel';

/**
 * Closing a person's account on a request by mail, in place under the person found: what closing
 * does (the same preview the person reads), then the reason and the confirmation. Focus starts on the
 * reason; Escape cancels. `onConfirm` answers null when done, else what went wrong.
 */
export function CloseAccountForm({
  preview,
  onConfirm,
  onCancel,
}: {
  preview: ClosurePreview;
  onConfirm: (reason: string) => Promise<string | null>;
  onCancel: () => void;
}) {
  const { id, busy, problem, submit, field } = useReasonConfirm(t.reasonRequired, onConfirm);

  return (
    <ConfirmPanel
      id={id}
      question={t.question}
      consequence={t.consequence}
      confirmLabel={busy ? t.working : t.confirm}
      confirmStyle="btn bg-red-700 text-white hover:bg-red-800"
      busy={busy}
      problem={problem}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
        {whatClosingDoes(preview, t).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {preview.sharedProjects > 0 && (
        <p className="text-sm text-slate-800">{t.sharedProjects(preview.sharedProjects)}</p>
      )}
      {preview.endings.length === 0 ? (
        <p className="text-sm text-slate-800">{t.noOpenProjects}</p>
      ) : (
        <div className="text-sm text-slate-800">
          <p>{t.endingsIntro}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {preview.endings.map((e) => (
              <li key={e.projectId}>{endingText(e)}</li>
            ))}
          </ul>
        </div>
      )}
      <ReasonField {...field} max={t.reasonMax} hint={t.reasonHint} />
    </ConfirmPanel>
  );
}
