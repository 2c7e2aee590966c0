/**
 * A maintenance script's arguments, parsed and checked: a wrong one ends the script with its reason
 * and the usage line (exit 2), before anything is read or written.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { z } from '#lib/zod';

export function scriptArgs<S extends z.ZodTypeAny>(
  schema: S,
  options: ParseArgsConfig['options'],
  usage: string,
): z.infer<S> {
  let args: unknown;
  try {
    args = parseArgs({ allowPositionals: true, strict: true, options });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
  const parsed = schema.safeParse(args);
  if (!parsed.success) {
    console.error(`${parsed.error.issues.map((i) => i.message).join('; ')}\n${usage}`);
    process.exit(2);
  }
  return parsed.data;
}
