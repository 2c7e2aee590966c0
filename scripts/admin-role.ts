/**
 * Grants or revokes the admin role (the `admin` custom claim) on a Firebase project:
 *   npm run admin -- grant someone@example.com
 *   npm run admin -- revoke someone@example.com
 * Credentials come from GOOGLE_APPLICATION_CREDENTIALS (a service-account key file kept outside the
 * repo) and the project from PUBLIC_FIREBASE_PROJECT_ID. With FIREBASE_AUTH_EMULATOR_HOST set it
 * works on the local emulator instead. The user must sign in again for the change to reach the token.
 */
import { applicationDefault, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

export async function setAdminRole(email: string, grant: boolean, projectId: string) {
  const app = initializeApp(
    process.env.FIREBASE_AUTH_EMULATOR_HOST ? { projectId } : { projectId, credential: applicationDefault() },
    `admin-role-${Date.now()}`,
  );
  const auth = getAuth(app);
  const user = await auth.getUserByEmail(email);
  const { admin: _previous, ...otherClaims } = user.customClaims ?? {};
  await auth.setCustomUserClaims(user.uid, grant ? { ...otherClaims, admin: true } : otherClaims);
  return user.uid;
}

const isMain = process.argv[1]?.endsWith('admin-role.ts');
if (isMain) {
  const [action, email] = process.argv.slice(2);
  const projectId = process.env.PUBLIC_FIREBASE_PROJECT_ID;
  if (!['grant', 'revoke'].includes(action) || !email || !projectId) {
    console.error('usage: PUBLIC_FIREBASE_PROJECT_ID=<project> npm run admin -- grant|revoke <email>');
    process.exit(2);
  }
  try {
    const uid = await setAdminRole(email, action === 'grant', projectId);
    console.log(
      `${action === 'grant' ? 'Granted' : 'Revoked'} admin for ${email} (uid ${uid}). They must sign in again.`,
    );
  } catch (error) {
    console.error(`Could not ${action} admin for ${email}: ${(error as Error).message}`);
    process.exit(1);
  }
}
