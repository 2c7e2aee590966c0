/** Where an editor's card sends people: select-services with the editor chosen (SPEC §2). */
export const reserveHref = (editorId: string) => `/select-services?editor=${encodeURIComponent(editorId)}`;
