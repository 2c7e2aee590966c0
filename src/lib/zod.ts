/**
 * zod for every schema of src/lib and the functions: Zod 3's API, which the zod package keeps at
 * `zod/v3`. Each cold start of a function loads zod and builds the schemas of the modules it imports:
 * with Zod 4 that took about 50 ms of a public function's budget, with Zod 3 about 12
 * (docs/decisions/021-functions-bundled-at-build.md). Import zod from here only, never the package
 * itself, so that no bundle carries both.
 */
import { z } from 'zod/v3';
import { formatCount } from './numbers';

export { z };

/** A required text field: trimmed, not empty, at most `max` characters, each refusal naming the field. */
export const text = (field: string, max: number) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${formatCount(max)} characters`);
