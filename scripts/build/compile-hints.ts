/**
 * V8's explicit compile hint: a file that opens with this comment has every function compiled as it
 * loads (on a background thread while it streams in, where Chromium can) instead of each on its
 * first call, on the main thread, in the middle of drawing. Given only to chunks that run nearly all
 * of their code as soon as they arrive, where compiling the rest would be waste.
 */
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The lazily loaded modules whose chunk gets the hint: the draft view runs all of it on opening. */
export const EAGER_CHUNKS = [/\/essay\/DraftReader\.tsx$/];

/** A chunk's code with the hint in front, once. */
export const withCompileHint = (code: string) => (code.startsWith(COMPILE_HINT) ? code : COMPILE_HINT + code);

/** Puts the hint on EAGER_CHUNKS once the bundle is written, after minifying (which drops comments). */
export function compileHints(): Plugin {
  return {
    name: 'bcc:compile-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue;
        if (EAGER_CHUNKS.some((module) => module.test(chunk.facadeModuleId!))) chunk.code = withCompileHint(chunk.code);
      }
    },
  };
}
