/** What /api/admin/staff takes: an address and a role to invite, change or remove. */
import { ROLES } from '#lib/roles';
import { emailSchema } from '#lib/schemas';
import { z } from '#lib/zod';

const role = z.enum(ROLES, { message: 'role must be owner or staff' });

/** POST: invite an address with a role; PATCH: give a member another role. */
export const staffMemberSchema = z.object({ email: emailSchema, role });

/** DELETE: take an address off the team. */
export const staffRemovalSchema = z.object({ email: emailSchema });
