/**
 * The cancel page (/cancel-consult#token=...): look the consult up, show it in the visitor's own zone,
 * and cancel it only when they press 'Cancel Consult'. Mail scanners that open links never cancel
 * anything. Text goes in with textContent only.
 */
import { formatConsult } from '../consult-format';
import { consultMessages } from '../consult-messages';
import { CANCEL_TOKEN_PATTERN, cancelTokenFromHash, type ConsultByToken } from '../consult-rules';
import { browserTimeZone, cancelConsult, lookUpConsult } from './consult';

export function setUpCancelConsult(root: HTMLElement | null) {
  if (!root) return;
  const part = <T extends HTMLElement>(name: string) => root.querySelector(`[data-part="${name}"]`) as T;
  const [loading, when, confirm, button, error, done, doneHeading, bookAgain] = [
    'loading',
    'when',
    'confirm',
    'cancel-button',
    'error',
    'done',
    'done-heading',
    'book-again',
  ].map((name) => part(name));
  const cancelButton = button as HTMLButtonElement;
  const idleLabel = cancelButton.textContent;

  const show = (consult: ConsultByToken) => {
    when.textContent = formatConsult(consult.start, consult.end, browserTimeZone());
    when.hidden = false;
  };
  /** A dead end with a reason: nothing left to cancel, or nothing to cancel with. */
  const refuse = (message: string) => {
    loading.hidden = true;
    confirm.hidden = true;
    error.textContent = message;
    bookAgain.hidden = false;
  };

  const token = cancelTokenFromHash(location.hash);

  async function lookUp() {
    if (!CANCEL_TOKEN_PATTERN.test(token)) return refuse(consultMessages.badCancelLink);
    const result = await lookUpConsult(token);
    if (!result.ok) return refuse(result.status === 404 ? consultMessages.badCancelLink : consultMessages.cancelFailed);
    show(result.data);
    if (result.data.status === 'cancelled') return refuse(consultMessages.alreadyCancelled);
    if (Date.parse(result.data.start) <= Date.now()) return refuse(consultMessages.alreadyHappened);
    loading.hidden = true;
    confirm.hidden = false;
  }

  cancelButton.addEventListener('click', async () => {
    if (cancelButton.disabled) return;
    cancelButton.disabled = true;
    cancelButton.textContent = 'Cancelling...';
    error.textContent = '';
    const result = await cancelConsult(token);
    cancelButton.disabled = false;
    cancelButton.textContent = idleLabel;
    if (result.ok) {
      confirm.hidden = true;
      done.hidden = false;
      bookAgain.hidden = false;
      doneHeading.focus();
    } else if (result.status === 409 || result.status === 404) {
      refuse(result.error);
    } else {
      error.textContent = consultMessages.cancelFailed;
      cancelButton.focus();
    }
  });

  void lookUp();
}
