/** A message in a live region: errors interrupt (alert), confirmations wait their turn (status). */
export type NoticeValue = { kind: 'success' | 'error'; text: string } | null;

export function Notice({ notice }: { notice: NoticeValue }) {
  return (
    <>
      <p role="alert" className="text-sm font-medium text-red-800 empty:hidden">
        {notice?.kind === 'error' ? notice.text : ''}
      </p>
      <p role="status" className="text-sm font-medium text-green-800 empty:hidden">
        {notice?.kind === 'success' ? notice.text : ''}
      </p>
    </>
  );
}
