/**
 * What a visitor did to server-rendered controls before their island hydrated. React hydration keeps
 * the DOM's current `checked`/`value` but sets `defaultChecked`/`defaultValue` to what it rendered,
 * so a control whose state differs from its default was changed by the visitor. An island reads
 * them once, right after hydrating, and applies them through its own actions
 * (docs/decisions/015-no-input-lost-before-hydration.md).
 */
export type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isChanged = (control: FormControl) => {
  if (control instanceof HTMLSelectElement) return [...control.options].some((o) => o.selected !== o.defaultSelected);
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
    return control.checked !== control.defaultChecked;
  }
  return control.value !== control.defaultValue;
};

/**
 * The controls under `root` that the visitor changed, in page order, except that the one in focus
 * (the last one touched) comes last: of two choices that exclude each other, the later one wins.
 */
export function changedControls(root: ParentNode): FormControl[] {
  const changed = [...root.querySelectorAll<FormControl>('input, select, textarea')].filter(isChanged);
  const focused = (control: FormControl) => Number(control === document.activeElement);
  return changed.sort((a, b) => focused(a) - focused(b));
}
