import { signOut } from 'firebase/auth';
import type { Ref } from 'react';
import { firebaseAuth } from '#client/firebase';
import { addOnStates, type OwnedAddOns } from '#lib/catalogue';
import { formatUsd } from '#lib/money';

interface Props {
  email: string;
  ownedAddOns: OwnedAddOns | null;
  /** The green box, which takes the focus right after signing in. */
  boxRef?: Ref<HTMLDivElement>;
}

/** 'Logged in as' with the e-mail, Logout, and (unless null) each one-time add-on: owned, or how to add it. */
export function SignedInBox({ email, ownedAddOns, boxRef }: Props) {
  async function logOut() {
    try {
      await signOut(firebaseAuth());
    } catch (error) {
      console.error('Logout failed:', error); // console only: the page shows nothing
    }
  }

  return (
    <div className="space-y-4">
      <div
        ref={boxRef}
        tabIndex={-1}
        role="group"
        aria-labelledby="signed-in-heading signed-in-email"
        className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-green-300 bg-green-50 p-4 focus:outline-3 focus:outline-beacon-500"
      >
        <div className="min-w-0">
          <h3 id="signed-in-heading" className="text-sm font-semibold text-green-900">
            Logged in as
          </h3>
          <p id="signed-in-email" className="break-all text-green-900" data-testid="signed-in-email">
            {email}
          </p>
        </div>
        <button type="button" onClick={logOut} className="btn-outline min-h-10 px-4 py-1.5 text-sm">
          Logout
        </button>
      </div>
      {ownedAddOns && (
        <div>
          <p id="add-ons-heading" className="text-sm font-semibold text-slate-800">
            Your one-time add-ons
          </p>
          <p className="text-sm text-slate-600">Bought once, each applies to all your future orders.</p>
          <ul className="mt-2 divide-y divide-slate-100 text-sm text-slate-800" aria-labelledby="add-ons-heading">
            {addOnStates(ownedAddOns).map(({ addOn, state }) => (
              <li key={addOn.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                <span className="font-medium">{addOn.ownedLabel}</span>
                {state === 'owned' && (
                  <span className="inline-flex items-center gap-1 font-semibold text-green-800">
                    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
                      <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" />
                    </svg>
                    Owned
                  </span>
                )}
                {state === 'covered' && <span className="text-slate-600">Covered by your 24-Hour Response</span>}
                {state === 'available' && (
                  <a
                    href={`/select-services?addon=${addOn.id}`}
                    aria-label={`Add to an order (+${formatUsd(addOn.priceCents)}): ${addOn.ownedLabel}`}
                    className="font-semibold text-navy-700 underline hover:text-navy-900"
                  >
                    Add to an order (+{formatUsd(addOn.priceCents)})
                  </a>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
