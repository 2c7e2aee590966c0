/** What the essay endpoints accept, parsed by the functions (islands never import zod). */
import { z } from '#lib/zod';

/** A round of a project: a whole number from 1, as it appears in the path. */
export const draftRoundSchema = z.coerce
  .number({ message: 'round must be a number' })
  .int('round must be a whole number')
  .min(1, 'round must be at least 1')
  .max(1000, 'round must be at most 1000');
