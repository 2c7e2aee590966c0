/** Where an editor's card sends people: select-services with the editor chosen. */
export const reserveHref = (editorId: string) => `/select-services?editor=${encodeURIComponent(editorId)}`;
