/**
 * One editor on /editors: photo, name, college, rating, major, SAT or ACT, GPA, extracurriculars,
 * strengths and slots. An open editor offers 'Reserve a Slot'; a full one says 'Currently Full', names
 * its 1.5x price and offers the waitlist or a booking at that price. Stored text renders as text.
 * The name leads to the editor's profile when the build made one.
 */
import type { MouseEvent } from 'react';
import { profileHref, waitlistHref } from '../editor-listing';
import { isFull, testScore } from '../editor-rules';
import { FULL_EDITOR_PRICE_LABEL } from '#lib/full-editor-price';
import type { Editor } from '../editor-rules';
import { RatingLine } from '../../../islands/shared/RatingLine';
import { useMounted } from '../../../islands/shared/useMounted';
import { reserveHref } from './links';

/** Shared by the card and its skeleton so the placeholder has the card's footprint. */
const CARD_FRAME = 'flex min-h-[30rem] flex-col rounded-2xl border border-navy-100 bg-white p-5 shadow-sm sm:p-6';
const PORTRAIT_SIZE = 72;

interface Props {
  editor: Editor;
  headingLevel: 2 | 3;
  onJoinWaitlist: (editor: Editor) => void;
  /** The build made /editors/<id> for this editor (an editor added since has none yet). */
  hasProfile: boolean;
}

export function EditorCard({ editor, headingLevel, onJoinWaitlist, hasProfile }: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <article className={CARD_FRAME} data-editor={editor.id}>
      <div className="flex items-center gap-4">
        <Portrait editor={editor} />
        <div className="min-w-0">
          <Heading className="font-serif text-xl font-bold text-navy-900">
            {hasProfile ? (
              <a href={profileHref(editor.id)} className="underline-offset-4 hover:underline focus-visible:underline">
                {editor.name}
              </a>
            ) : (
              editor.name
            )}
          </Heading>
          <p className="text-sm text-slate-700">{editor.college}</p>
          <RatingLine editor={editor} />
        </div>
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl bg-navy-50 p-3 text-sm">
        <Fact label="Major" value={editor.major} wide />
        {editor.sat && <Fact {...testScore(editor.sat)} />}
        {editor.gpa && <Fact label="GPA" value={editor.gpa} />}
      </dl>

      <div className="mt-4 space-y-3 text-sm text-slate-700">
        {editor.ecs && (
          <p>
            <span className="font-semibold text-navy-900">Extracurriculars: </span>
            {editor.ecs}
          </p>
        )}
        {editor.strengths && (
          <p>
            <span className="font-semibold text-navy-900">Strengths: </span>
            {editor.strengths}
          </p>
        )}
      </div>

      <div className="mt-auto pt-5">
        <BookingActions
          editor={editor}
          onJoinWaitlist={onJoinWaitlist}
          waitlistFallback={hasProfile ? waitlistHref(editor.id) : null}
        />
      </div>
    </article>
  );
}

interface ActionsProps {
  editor: Editor;
  onJoinWaitlist: (editor: Editor) => void;
  /**
   * Where 'Join Waitlist' leads until the script runs (the profile, which offers it too); with none,
   * the button waits, disabled, for the script.
   */
  waitlistFallback: string | null;
}

/** Slots, and what booking this editor takes: a slot, or when full the waitlist or a booking at 1.5x. */
export function BookingActions({ editor, onJoinWaitlist, waitlistFallback }: ActionsProps) {
  const mounted = useMounted();
  const full = isFull(editor);
  const withName = <span className="sr-only"> with {editor.name}</span>;
  const joinLabel = <>Join Waitlist{withName}</>;
  const join = (event: MouseEvent) => {
    event.preventDefault();
    onJoinWaitlist(editor);
  };

  return (
    <div className="space-y-3">
      <p className="flex items-center justify-between gap-2 text-sm font-semibold">
        <span className="text-navy-900">
          Slots Open: {editor.slotsOpen}/{editor.totalSlots}
        </span>
        {full && <span className="rounded-full bg-red-50 px-3 py-1 text-red-800">Currently Full</span>}
      </p>
      {full ? (
        <>
          <p className="text-sm text-slate-700">
            New bookings with {editor.name} are overflow slots at {FULL_EDITOR_PRICE_LABEL} pricing.
          </p>
          <div className="grid gap-2">
            {mounted || !waitlistFallback ? (
              <button type="button" className="btn-outline" onClick={join} disabled={!mounted}>
                {joinLabel}
              </button>
            ) : (
              <a className="btn-outline" href={waitlistFallback}>
                {joinLabel}
              </a>
            )}
            <a className="btn-primary" href={reserveHref(editor.id)}>
              Reserve Overflow Slot{withName}
            </a>
          </div>
        </>
      ) : (
        <a className="btn-primary w-full" href={reserveHref(editor.id)}>
          Reserve a Slot{withName}
        </a>
      )}
    </div>
  );
}

export function Fact({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2' : undefined}>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="font-medium text-navy-900">{value}</dd>
    </div>
  );
}

const PORTRAIT = {
  card: { px: PORTRAIT_SIZE, box: 'size-18', text: 'text-2xl' },
  profile: { px: 128, box: 'size-32', text: 'text-5xl' },
} as const;

/** The editor's photo, or their initials when the admin has not set one. */
export function Portrait({
  editor,
  size = 'card',
}: {
  editor: Pick<Editor, 'name' | 'image'>;
  size?: keyof typeof PORTRAIT;
}) {
  const { px, box, text } = PORTRAIT[size];
  if (editor.image) {
    return (
      <img
        src={editor.image}
        alt=""
        width={px}
        height={px}
        loading={size === 'card' ? 'lazy' : 'eager'}
        decoding="async"
        className={`${box} shrink-0 rounded-full bg-navy-100 object-cover`}
      />
    );
  }
  const initials = editor.name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2);
  return (
    <span
      aria-hidden="true"
      className={`flex ${box} shrink-0 items-center justify-center rounded-full bg-navy-600 font-serif ${text} font-bold text-white`}
    >
      {initials}
    </span>
  );
}

/** A grey card of the same frame, shown while the editors load. */
export function EditorCardSkeleton() {
  return (
    <div className={`${CARD_FRAME} animate-pulse motion-reduce:animate-none`} aria-hidden="true" data-skeleton="">
      <div className="flex items-center gap-4">
        <div className="size-18 shrink-0 rounded-full bg-navy-100" />
        <div className="flex-1 space-y-2">
          <div className="h-5 w-3/4 rounded bg-navy-100" />
          <div className="h-4 w-1/2 rounded bg-navy-100" />
        </div>
      </div>
      <div className="mt-4 h-24 rounded-xl bg-navy-50" />
      <div className="mt-4 space-y-2">
        {[100, 92, 100, 70].map((width, i) => (
          <div key={i} className="h-4 rounded bg-navy-100" style={{ width: `${width}%` }} />
        ))}
      </div>
      <div className="mt-auto space-y-3 pt-5">
        <div className="h-5 w-1/3 rounded bg-navy-100" />
        <div className="h-11 rounded-lg bg-navy-100" />
      </div>
    </div>
  );
}
