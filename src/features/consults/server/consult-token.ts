/**
 * The cancel link's token: 32 random bytes (256 bits) as base64url, good for cancelling one consult and
 * nothing else. Only its SHA-256 hash is stored, so a leaked copy of the data cancels nothing.
 */
import { createHash, randomBytes } from 'node:crypto';

export const newCancelToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
