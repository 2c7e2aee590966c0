import { useRef, useState } from 'react';
import { removedDraftText, type Draft, type FileRef, type Round } from '../project';
import { commentLabels } from '#features/essay/essay-comments';
import { countWords } from '#lib/words';
import { ConfirmDialog } from './ConfirmDialog';
import { ReadDraft } from './essay/ReadDraft';
import { type EssaySteps } from './essay/reading';
import { WordCount } from './essay/WordCount';
import { FileDownload } from './FileDownload';
import { formatBytes } from '#lib/numbers';
import { isHttpsLink } from './file-rules';
import { formatDateTime } from './format';
import { LateTag } from './StateBadge';

/** Text people typed, shown as text: line breaks kept, never parsed as HTML. */
export function PlainText({ text, className = '' }: { text: string; className?: string }) {
  return <p className={`break-words whitespace-pre-wrap text-slate-800 ${className}`}>{text}</p>;
}

/** Where the project's files may be downloaded: its id; or null, where they no longer may. */
type FilesFrom = string | null;

/** A file: a download button, or its name alone where it may no longer be downloaded. */
function ProjectFile({ from, file }: { from: FilesFrom; file: FileRef }) {
  if (from) return <FileDownload projectId={from} file={file} />;
  return (
    <p className="text-sm break-all text-slate-700">
      {file.name} <span className="text-slate-600">({formatBytes(file.bytes)})</span>
    </p>
  );
}

const roundTitle = (n: number) => (n === 1 ? 'First draft' : `Revision ${n - 1}`);

/**
 * Where a round sits among the others, for reading its draft: the one before it, whether it is the
 * last, and whether its draft view opens at once (the last round, returned with comments: the family
 * reads them in place without a press first).
 */
type Place = { previous?: Round; current: boolean; opened: boolean; steps?: EssaySteps };

/**
 * A pasted draft, shown as typed; where it has comments, may get them or has a round before it, it
 * also opens in the draft view, which then takes its place.
 */
function TextDraft({ from, round, text, place }: { from: FilesFrom; round: Round; text: string; place: Place }) {
  const [reading, setReading] = useState(place.opened);
  const commented =
    (round.comments?.length ?? 0) > 0 ||
    place.previous !== undefined ||
    (place.current && place.steps?.actions.includes('comment'));
  return (
    <div className="space-y-2">
      {!reading && (
        <div className="space-y-1">
          <WordCount words={countWords(text)} limit={round.wordLimit ?? null} />
          {/* Part of the page on a phone; on a wide screen it scrolls inside a long essay, focusable so
              a keyboard can scroll it too. */}
          <div
            tabIndex={0}
            role="region"
            aria-label={`Draft ${round.n} text`}
            className="rounded-lg border border-slate-200 bg-slate-50 p-3 lg:max-h-96 lg:overflow-y-auto"
          >
            <PlainText text={text} />
          </div>
        </div>
      )}
      {from && commented && (
        <ReadDraft projectId={from} round={round} {...place} labels={commentLabels.pasted} onToggle={setReading} />
      )}
    </div>
  );
}

function DraftView({ from, round, place }: { from: FilesFrom; round: Round; place: Place }) {
  const draft: Draft = round.draft;
  switch (draft.kind) {
    case 'text':
      return <TextDraft from={from} round={round} text={draft.text} place={place} />;
    case 'file':
      return (
        <div className="space-y-2">
          <ProjectFile from={from} file={draft.file} />
          {from && <ReadDraft projectId={from} round={round} {...place} />}
        </div>
      );
    case 'link':
      // The server accepts https links only; anything else would be shown, never followed.
      if (!isHttpsLink(draft.url)) return <PlainText text={draft.url} />;
      return (
        <a
          href={draft.url}
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold break-all text-navy-700 underline"
        >
          {draft.url}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      );
    case 'removed':
      return <p className="text-sm text-slate-700 italic">{removedDraftText(draft, formatDateTime(draft.at))}</p>;
  }
}

/** The family removes a draft it gave: asked first, since its words and files are deleted for good. */
function RemoveDraft({ round, remove }: { round: Round; remove: DraftRemoval }) {
  const [asking, setAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const title = roundTitle(round.n).toLowerCase();
  return (
    <>
      <button
        ref={opener}
        type="button"
        disabled={remove.busy}
        onClick={() => setAsking(true)}
        className="text-sm font-semibold text-red-800 underline"
        aria-label={`Remove the ${title}`}
      >
        Remove draft
      </button>
      {asking && (
        <ConfirmDialog
          title={`Remove the ${title}?`}
          confirmLabel="Remove draft"
          cancelLabel="Keep it"
          danger
          busy={remove.busy}
          onConfirm={async () => {
            await remove.onRemove(round.n);
            setAsking(false);
          }}
          onClose={() => {
            setAsking(false);
            opener.current?.focus();
          }}
        >
          <p>
            Its text, link or file is deleted for good, for you and for your editor, who is told. The project shows when
            it was removed instead. The editor&apos;s feedback stays.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** One round: the prompt, the draft, and the feedback once returned. */
function RoundView({
  from,
  round,
  remove,
  place,
}: {
  from: FilesFrom;
  round: Round;
  remove?: DraftRemoval;
  place: Place;
}) {
  return (
    <li className="space-y-3 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-navy-900">{roundTitle(round.n)}</p>
        <p className="text-sm text-slate-600">Submitted {formatDateTime(round.submittedAt)}</p>
      </div>
      {round.prompt && (
        <div>
          <p className="text-sm font-semibold text-slate-700">Prompt</p>
          <PlainText text={round.prompt} className="text-sm" />
        </div>
      )}
      <div className="space-y-1">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-sm font-semibold text-slate-700">Draft</p>
          {remove && round.draft.kind !== 'removed' && <RemoveDraft round={round} remove={remove} />}
        </div>
        <DraftView from={from} round={round} place={place} />
      </div>
      {round.returnedAt ? (
        <div className="space-y-2 rounded-lg border-l-4 border-green-700 bg-green-50 p-3">
          <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-green-900">
            Feedback returned {formatDateTime(round.returnedAt)} {round.late && <LateTag />}
          </p>
          {round.notes && <PlainText text={round.notes} />}
          {round.files.length > 0 && (
            <ul className="space-y-2" aria-label={`Feedback files, ${roundTitle(round.n).toLowerCase()}`}>
              {round.files.map((file) => (
                <li key={file.id}>
                  <ProjectFile from={from} file={file} />
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          {round.acknowledgedAt ? `Acknowledged ${formatDateTime(round.acknowledgedAt)}; feedback` : 'Feedback'} due{' '}
          {formatDateTime(round.dueAt)}
          {round.late && <LateTag />}
        </p>
      )}
    </li>
  );
}

/** How the family removes a draft: absent for anyone the server does not let. */
export interface DraftRemoval {
  busy: boolean;
  onRemove: (round: number) => Promise<unknown>;
}

/**
 * The drafts and their feedback, newest first; `filesClosed` says why their files no longer download,
 * `remove` lets the family remove a draft.
 */
export function Rounds({
  projectId,
  rounds,
  empty,
  filesClosed,
  remove,
  steps,
}: {
  projectId: string;
  rounds: Round[];
  empty: string;
  filesClosed?: string;
  remove?: DraftRemoval;
  /** The comment steps on the last round's draft, for whoever the server lets take them. */
  steps?: EssaySteps;
}) {
  if (rounds.length === 0) return <p className="text-sm text-slate-700">{empty}</p>;
  return (
    <>
      {filesClosed && <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-800">{filesClosed}</p>}
      <ol className="space-y-3">
        {[...rounds].reverse().map((round) => (
          <RoundView
            key={round.n}
            from={filesClosed ? null : projectId}
            round={round}
            remove={remove}
            place={{
              previous: rounds.find((r) => r.n === round.n - 1),
              current: round.n === rounds.at(-1)?.n,
              opened: round.n === rounds.at(-1)?.n && round.returnedAt !== null && (round.comments?.length ?? 0) > 0,
              steps,
            }}
          />
        ))}
      </ol>
    </>
  );
}
