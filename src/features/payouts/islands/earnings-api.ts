/** The editor's earnings, read from the server (the browser only displays what it decided), and the statement. */
import { saveDownload } from '#client/download';
import { idToken, SIGNED_OUT } from '#stores/session';

export const EARNINGS_PATH = '/api/editor/earnings';

/** The statement as a CSV file, named by the server. */
export async function downloadStatement() {
  const token = await idToken();
  if (!token) return SIGNED_OUT;
  return saveDownload(`${EARNINGS_PATH}?format=csv`, token, 'earnings.csv');
}
