/** Behaviour of the footer newsletter form: validate, send as JSON to its action, and say what happened in a live region. */
import { emailMessages, isEmail, normalizeEmail } from '#lib/email';
import { newsletterMessages } from '#lib/newsletter';
import { apiFetch } from './api';

export function setUpNewsletterForm(form: HTMLFormElement | null) {
  if (!form) return;
  const input = form.querySelector('input') as HTMLInputElement;
  const button = form.querySelector('button') as HTMLButtonElement;
  const errorRegion = form.querySelector('[role="alert"]') as HTMLElement;
  const statusRegion = form.querySelector('[role="status"]') as HTMLElement;
  const idleLabel = button.textContent;

  const show = (error: string, status = '') => {
    errorRegion.textContent = error;
    statusRegion.textContent = status;
    input.setAttribute('aria-invalid', String(error !== ''));
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (button.disabled) return;
    const email = normalizeEmail(input.value);
    if (!email) return show(emailMessages.required);
    if (!isEmail(email)) return show(emailMessages.invalid);

    show('');
    input.disabled = true;
    button.disabled = true;
    button.textContent = 'Subscribing...';
    const result = await apiFetch(form.action, { method: 'POST', body: { email } });
    input.disabled = false;
    button.disabled = false;
    button.textContent = idleLabel;
    if (result.ok) {
      input.value = '';
      show('', newsletterMessages.subscribed);
    } else {
      show(newsletterMessages.failure);
      input.focus();
    }
  });
  // Says the form is handled here from now on (tests wait for it instead of for time).
  form.dataset.enhanced = '';
}
