/**
 * The booking box of an editor's profile: slots open and what booking takes, from the live list once
 * it is in (slots change with every order), the built editor until then. The waitlist opens here, also
 * when the visitor arrives from a card's 'Join Waitlist' (the #waitlist link) before that page's
 * script had run. An editor taken off the site since the build says so instead.
 */
import { useState } from 'react';
import { WAITLIST_ANCHOR } from '../editor-listing';
import { isFull } from '../editor-rules';
import type { Editor } from '../editor-rules';
import { useEditors } from './useEditors';
import { useBrowserValue } from '../../../islands/shared/useBrowserValue';
import { BookingActions } from './EditorCard';
import { WaitlistDialog } from './WaitlistDialog';

const arrivedForWaitlist = () => location.hash === `#${WAITLIST_ANCHOR}`;

export default function EditorBooking({ built }: { built: Editor }) {
  const state = useEditors();
  const editor = state.status === 'ready' ? state.editors.find((e) => e.id === built.id) : built;
  const [waitlistOpen, setWaitlistOpen] = useState(false);
  const full = editor ? isFull(editor) : false;

  // Arriving by the #waitlist link opens it whenever the editor is (or turns out to be) full.
  const linkOpensWaitlist = useBrowserValue(arrivedForWaitlist, false) && full;
  const [linkOpenedWaitlist, setLinkOpenedWaitlist] = useState(false);
  if (linkOpensWaitlist !== linkOpenedWaitlist) {
    setLinkOpenedWaitlist(linkOpensWaitlist);
    if (linkOpensWaitlist) setWaitlistOpen(true);
  }

  if (!editor) {
    return (
      <p className="text-slate-700">
        {built.name} is not taking new students just now.{' '}
        <a className="font-semibold text-navy-700 underline" href="/editors">
          See our other editors
        </a>
        .
      </p>
    );
  }
  return (
    <>
      <BookingActions editor={editor} onJoinWaitlist={() => setWaitlistOpen(true)} waitlistFallback={null} />
      {waitlistOpen && <WaitlistDialog editor={editor} onClose={() => setWaitlistOpen(false)} />}
    </>
  );
}
