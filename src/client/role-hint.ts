/**
 * Which account links the site header offers: 'Sign In' or 'My Account', and 'Editor Workspace' for
 * editors. The header is static HTML on every page and must not load Firebase, so the session store
 * leaves a hint here after GET /api/me (its presence: signed in) and clears it on sign-out; the header
 * only shows or hides links with it. A hint grants nothing: the pages behind the links ask the server.
 */
const KEY = 'bcc:roles';

export interface RoleHint {
  editor: boolean;
}

export function readRoleHint(): RoleHint | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    return value && typeof value === 'object' && 'editor' in value ? { editor: value.editor === true } : null;
  } catch {
    return null;
  }
}

/** Who sees each `[data-role-link]` element. */
const SHOWN_TO: Record<string, (hint: RoleHint | null) => boolean> = {
  'signed-out': (hint) => hint === null,
  'signed-in': (hint) => hint !== null,
  editor: (hint) => hint?.editor === true,
};

/** Shows each `[data-role-link="<who>"]` element the hint allows and hides the others. */
export function showRoleLinks(root: ParentNode = document) {
  const hint = readRoleHint();
  for (const el of root.querySelectorAll<HTMLElement>('[data-role-link]')) {
    el.hidden = !SHOWN_TO[el.dataset.roleLink ?? '']?.(hint);
  }
}

/** Remembers what /api/me said (null: signed out) and updates this page's header at once. */
export function writeRoleHint(hint: RoleHint | null) {
  try {
    if (hint) localStorage.setItem(KEY, JSON.stringify(hint));
    else localStorage.removeItem(KEY);
  } catch {
    /* storage disabled: the header just offers no workspace link */
  }
  showRoleLinks();
}
