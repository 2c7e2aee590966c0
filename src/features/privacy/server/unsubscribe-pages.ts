/** The pages the unsubscribe link and form answer with: plain HTML, no script, a form that posts. */
import { unsubscribeTexts as t } from '#lib/unsubscribe';
import { plainPage } from '#server/core/form-post';
import { escapeHtml as e } from '#server/core/mail';

const link = (href: string, label: string) => `<p><a class="back" href="${e(href)}">${e(label)}</a></p>`;

/** Asks before it unsubscribes: mail scanners follow links, and a GET must change nothing. */
export const confirmPage = (email: string, token: string) =>
  plainPage(
    200,
    t.confirmTitle,
    `<p>${e(t.confirmBody(email))}</p>
<form method="post" action="/unsubscribe">
<input type="hidden" name="token" value="${e(token)}">
<button type="submit" class="back">${e(t.confirmButton)}</button>
</form>`,
  );

export const donePage = (email: string) =>
  plainPage(200, t.doneTitle, `<p>${e(t.doneBody(email))}</p>${link('/', t.home)}`);

export const badLinkPage = () =>
  plainPage(400, t.badLinkTitle, `<p>${e(t.badLinkBody)}</p>${link('/privacy-policy#unsubscribe', t.policy)}`);

export const linkSentPage = () => plainPage(200, t.linkSentTitle, `<p>${e(t.linkSentBody)}</p>${link('/', t.home)}`);
