// A module (it imports), so this adds to Astro's types rather than replacing them.
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates when the visitor first reaches into the island (src/client/directives/interaction.ts). */
    'client:interaction'?: boolean;
  }
}
