/**
 * A message in live regions that are always in the page (so it is announced): errors interrupt
 * (alert), confirmations wait their turn (status). `boxed` sets it apart from the text around it.
 */
export type NoticeValue = { kind: 'success' | 'error'; text: string } | null;

const LOOKS = {
  plain: { error: 'text-red-800', success: 'text-green-800' },
  boxed: {
    error: 'rounded-lg border border-red-300 bg-red-50 p-3 text-red-900',
    success: 'rounded-lg border border-green-300 bg-green-50 p-3 text-green-900',
  },
};

export function Notice({ notice, boxed = false }: { notice: NoticeValue; boxed?: boolean }) {
  const look = LOOKS[boxed ? 'boxed' : 'plain'];
  return (
    <>
      <p role="alert" className={`text-sm font-medium empty:hidden ${look.error}`}>
        {notice?.kind === 'error' ? notice.text : ''}
      </p>
      <p role="status" className={`text-sm font-medium empty:hidden ${look.success}`}>
        {notice?.kind === 'success' ? notice.text : ''}
      </p>
    </>
  );
}
