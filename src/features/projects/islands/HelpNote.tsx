/** A round's request for help with its feedback and our team's decision, in each reader's words. */
import type { HelpRequest } from '../project';
import { formatDateTime } from './format';

type Reader = 'customer' | 'editor' | 'team';

const ASKED: Record<Reader, string> = {
  customer: 'You asked for help with this feedback',
  editor: 'The family asked for help with this feedback',
  team: 'The family asked for help with this feedback',
};
const WAITING: Record<Reader, string> = {
  customer:
    'Your editor can answer in the messages; our team decides and tells you why. Until then the essay does not become final by itself.',
  editor: 'Please answer the family in the messages; our team decides.',
  team: 'Give a free extra round or close the request, with a reason both sides read. A refund is made on the order.',
};
const DECIDED: Record<NonNullable<HelpRequest['decision']>['outcome'], string> = {
  round: 'Our team gave a free extra round',
  closed: 'Our team closed the request',
};

export function HelpNote({ help, reader }: { help: HelpRequest; reader: Reader }) {
  return (
    <div className="space-y-1 rounded-lg border-l-4 border-amber-500 bg-amber-50 p-3 text-sm text-slate-800">
      <p className="font-semibold">
        {ASKED[reader]} on {formatDateTime(help.askedAt)}
        {help.reason ? ':' : '.'}
      </p>
      {help.reason && <p className="break-words whitespace-pre-wrap">“{help.reason}”</p>}
      {help.decision ? (
        <p className="break-words whitespace-pre-wrap">
          <span className="font-semibold">
            {DECIDED[help.decision.outcome]} on {formatDateTime(help.decision.at)}:
          </span>{' '}
          {help.decision.reason}
        </p>
      ) : (
        <p>{WAITING[reader]}</p>
      )}
    </div>
  );
}
