/** The pages a confirmation link answers with: plain HTML, no script, a form that posts. */
import { optInTexts as t } from '../opt-in';
import { plainPage } from '#server/core/form-post';
import { escapeHtml as e } from '#server/core/mail';

const home = `<p><a class="back" href="/">${e(t.home)}</a></p>`;

/** Asks before it confirms: mail scanners follow links, and a GET must change nothing. */
export const askPage = (title: string, body: string, token: string) =>
  plainPage(
    200,
    title,
    `<p>${e(body)}</p>
<form method="post" action="/confirm">
<input type="hidden" name="token" value="${e(token)}">
<button type="submit" class="back">${e(t.confirmButton)}</button>
</form>`,
  );

export const confirmedPage = (title: string, body: string) => plainPage(200, title, `<p>${e(body)}</p>${home}`);

export const badConfirmLinkPage = () => plainPage(400, t.badLinkTitle, `<p>${e(t.badLinkBody)}</p>${home}`);

/** The editor a waitlist link names takes no one new (hidden or gone): nothing to join. */
export const noWaitlistPage = () => plainPage(404, t.badLinkTitle, `<p>${e(t.waitlist.goneBody)}</p>${home}`);
