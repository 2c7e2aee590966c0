import { $session } from '#stores/session';
import { VerifyEmail } from '../shared/account/VerifyEmail';
import { useSharedStore } from '../shared/useSharedStore';

/**
 * What the account needs next: an address to verify, and the ways on to /admin and /editor for admins
 * and editors, who sign in like everyone else.
 */
export default function RoleLinks() {
  const { user, isAdmin, editor } = useSharedStore($session);
  if (user && !user.emailVerified) return <VerifyEmail email={user.email} why="family" level={2} />;
  if (!isAdmin && !editor) return null;
  return (
    <div className="flex flex-wrap gap-3">
      {editor && (
        <a href="/editor" className="btn-primary">
          Open the Editor Workspace
        </a>
      )}
      {isAdmin && (
        <a href="/admin" className="btn-outline">
          Open the Admin Dashboard
        </a>
      )}
    </div>
  );
}
