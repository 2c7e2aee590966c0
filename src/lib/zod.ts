/**
 * zod for the schema modules of src/lib, which the browser loads too. `jitless`: when an object schema
 * is made, zod probes for `new Function` to compile fast parsers; the site's CSP forbids eval, and the
 * browser reports even the caught probe as a violation. The plain parsers are ample for our forms.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
