import { onTimeLabel, ratingLabel } from '#features/reviews/rating';
import type { Editor } from '#features/editors/editor-rules';

/** '★ 4.8 · 12 reviews · On time 95%', '1 review' or 'New editor': what other families found, in one line. */
export function RatingLine({ editor }: { editor: Pick<Editor, 'rating' | 'onTime'> }) {
  const onTime = onTimeLabel(editor.onTime);
  return (
    <span className="block text-sm font-semibold text-navy-900" data-rating>
      {ratingLabel(editor.rating, editor.onTime)}
      {onTime && <span className="font-normal text-slate-700"> · {onTime}</span>}
    </span>
  );
}
