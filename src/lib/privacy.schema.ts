/**
 * What the privacy endpoints accept, parsed by the functions; the islands never import this file,
 * which would bring zod along.
 */
import { z } from './zod';

/** The family removes one round's draft, named by its number (1 is the first draft). */
export const removeDraftSchema = z.object({
  round: z
    .number({ message: 'round must be a number' })
    .int('round must be a whole number')
    .min(1, 'round must be at least 1'),
});
