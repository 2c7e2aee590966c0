/** What the earnings endpoint accepts, parsed by the function (islands never import zod). */
import { z } from '#lib/zod';

/** `GET /api/editor/earnings?format=`: the page's JSON, or the statement as CSV. */
export const statementFormatSchema = z.enum(['json', 'csv'], { message: 'format must be json or csv' }).default('json');
