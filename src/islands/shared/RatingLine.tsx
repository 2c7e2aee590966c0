import { onTimeLabel, ratingLabel } from '#features/reviews/rating';
import { trackPhrases } from '#features/reviews/track-record';
import type { Editor } from '#features/editors/editor-rules';

/**
 * '★ 4.8 · 12 reviews · On time 95%', '1 review' or 'New editor': what other families found, in one
 * line; under it the editor's record with us: '12 projects finished · Acknowledges a draft within 5
 * hours · With us since March 2026'.
 */
export function RatingLine({ editor }: { editor: Pick<Editor, 'rating' | 'onTime' | 'track'> }) {
  const onTime = onTimeLabel(editor.onTime);
  return (
    <>
      <span className="block text-sm font-semibold text-navy-900" data-rating>
        {ratingLabel(editor.rating, editor.track)}
        {onTime && <span className="font-normal text-slate-700"> · {onTime}</span>}
      </span>
      <span className="block text-xs text-slate-700" data-track>
        {trackPhrases(editor.track).join(' · ')}
      </span>
    </>
  );
}
