import { signOut } from 'firebase/auth';
import { firebaseAuth } from '../../client/firebase';
import { ADD_ONS, type OwnedAddOns } from '../../lib/catalogue';

/** 'Logged in as' with the e-mail, Logout, and the one-time add-ons this account owns (SPEC §2). */
export function SignedInBox({ email, ownedAddOns }: { email: string; ownedAddOns: OwnedAddOns }) {
  const owned = ADD_ONS.filter((a) => ownedAddOns[a.id]);

  async function logOut() {
    try {
      await signOut(firebaseAuth());
    } catch (error) {
      console.error('Logout failed:', error); // SPEC §8: console only
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-green-300 bg-green-50 p-4">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-green-900">Logged in as</p>
          <p className="break-all text-green-900" data-testid="signed-in-email">
            {email}
          </p>
        </div>
        <button type="button" onClick={logOut} className="btn-outline min-h-10 px-4 py-1.5 text-sm">
          Logout
        </button>
      </div>
      <div>
        <p className="text-sm font-semibold text-slate-800">Your one-time add-ons</p>
        {owned.length > 0 ? (
          <ul className="mt-2 space-y-1 text-sm text-slate-800" aria-label="Owned add-ons">
            {owned.map((a) => (
              <li key={a.id} className="flex items-center gap-2">
                <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" className="text-green-700">
                  <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" />
                </svg>
                {a.ownedLabel}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600">None yet. Add-ons you buy apply to all your future orders.</p>
        )}
      </div>
    </div>
  );
}
