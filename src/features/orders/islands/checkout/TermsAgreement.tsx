import { forwardRef } from 'react';
import { termsAgreement } from '../../checkout-form';

interface Props {
  agreed: boolean;
  error: string;
  onChange: (agreed: boolean) => void;
}

/** The required agreement above the pay button; its message, once there is one, is tied to it. */
export const TermsAgreement = forwardRef<HTMLInputElement, Props>(function TermsAgreement(
  { agreed, error, onChange },
  ref,
) {
  return (
    <div className="mt-4 space-y-1">
      <div className="flex items-start gap-3">
        <input
          ref={ref}
          id="agreedToTerms"
          name="agreedToTerms"
          type="checkbox"
          checked={agreed}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'agreedToTerms-error' : undefined}
          className="mt-0.5 size-5 shrink-0 accent-navy-700"
        />
        <label htmlFor="agreedToTerms" className="text-sm text-slate-800">
          {termsAgreement.label}{' '}
          <a href="/terms-of-service" className="font-semibold text-navy-700 underline">
            {termsAgreement.link}
          </a>
        </label>
      </div>
      {error && (
        <p id="agreedToTerms-error" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
});
