/**
 * The mobile menu drawer: the button toggles it (`aria-expanded`), Escape or a link click closes
 * it, and focus goes back to the button so keyboard users are not lost.
 */
export function setUpMenuDrawer(button: HTMLElement | null, drawer: HTMLElement | null) {
  if (!button || !drawer) return;
  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    drawer.hidden = !open;
  };
  const close = () => {
    if (drawer.hidden) return;
    setOpen(false);
    button.focus();
  };
  button.addEventListener('click', () => setOpen(drawer.hidden));
  drawer.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) close();
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
  // A drawer left open on a phone must not stay open after the window grows past the breakpoint.
  matchMedia('(min-width: 1280px)').addEventListener('change', (e) => e.matches && setOpen(false));
}
