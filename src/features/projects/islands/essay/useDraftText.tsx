import { useEffect, useState } from 'react';
import type { ApiResult } from '#client/api';
import type { DraftText } from '#features/essay/essay';
import { draftViewMessages } from '#features/essay/essay-limits';
import { getDraftText } from './draft-api';

/**
 * One round's draft text, loaded once `round` is given, and again for each new `attempt`; null
 * until the answer to the latest request comes.
 */
export function useDraftText(projectId: string, round: number | null, attempt = 0) {
  const asked = `${projectId}/${round}/${attempt}`;
  const [answer, setAnswer] = useState<{ asked: string; result: ApiResult<DraftText> } | null>(null);
  useEffect(() => {
    if (round === null) return;
    let live = true;
    void getDraftText(projectId, round).then((result) => live && setAnswer({ asked, result }));
    return () => {
      live = false;
    };
  }, [projectId, round, asked]);
  return answer?.asked === asked ? answer.result : null;
}

/** What a draft view says while its text loads, or why it could not load. */
export function DraftTextStatus({ result }: { result: ApiResult<DraftText> | null }) {
  if (!result)
    return (
      <p role="status" className="text-sm text-slate-700">
        {draftViewMessages.loading}
      </p>
    );
  if (!result.ok)
    return (
      <p role="alert" className="text-sm font-medium text-red-800">
        {result.error}
      </p>
    );
  return null;
}
