/** The editor's earnings, read from the server: the browser only displays what it decided. */
import { saveDownload } from '#client/download';
import { idToken, signedInFetch, SIGNED_OUT } from '#stores/session';
import type { EarningsView } from '../earnings';

const PATH = '/api/editor/earnings';

export const getEarnings = () => signedInFetch<EarningsView>(PATH);

/** The statement as a CSV file, named by the server. */
export async function downloadStatement() {
  const token = await idToken();
  if (!token) return SIGNED_OUT;
  return saveDownload(`${PATH}?format=csv`, token, 'earnings.csv');
}
