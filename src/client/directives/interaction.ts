/**
 * `client:interaction`: an island that hydrates when the visitor first reaches into it (a pointer over
 * it, a press, a focus, a key), not as the page loads. For a form that works before its script runs
 * (it posts natively and keeps what was typed, docs/decisions/015), so the page does no JavaScript
 * work until someone uses it. Astro inlines this into the page, once: netlify.toml allows it by hash.
 */
import type { ClientDirective } from 'astro';

const EVENTS = ['pointerover', 'pointerdown', 'focusin', 'keydown'] as const;

const interaction: ClientDirective = (load, _options, island) => {
  const start = async () => {
    for (const type of EVENTS) island.removeEventListener(type, start);
    const hydrate = await load();
    await hydrate();
  };
  for (const type of EVENTS) island.addEventListener(type, start, { passive: true });
};

export default interaction;
