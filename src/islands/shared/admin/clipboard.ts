/** The clipboard, for the admin's lists. */

/**
 * Copies text that is still being fetched. Safari keeps the click's permission to write only if the
 * clipboard write starts during the click, so the text goes in as a promise where the browser can take one.
 */
export async function copyText(text: Promise<string>): Promise<void> {
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    const blob = text.then((t) => new Blob([t], { type: 'text/plain' }));
    return navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
  }
  return navigator.clipboard.writeText(await text);
}
