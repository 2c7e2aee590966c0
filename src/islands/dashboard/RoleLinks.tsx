import { $session } from '../../stores/session';
import { useSharedStore } from '../shared/useSharedStore';

/** Admins and editors sign in like everyone else; these are their ways on to /admin and /editor. */
export default function RoleLinks() {
  const { isAdmin, editor } = useSharedStore($session);
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
