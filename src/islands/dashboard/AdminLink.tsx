import { $session } from '../../stores/session';
import { useSharedStore } from '../shared/useSharedStore';

/** Admins sign in like everyone else; this is their way on to /admin. */
export default function AdminLink() {
  const { isAdmin } = useSharedStore($session);
  if (!isAdmin) return null;
  return (
    <a href="/admin" className="btn-outline">
      Open the Admin Dashboard
    </a>
  );
}
