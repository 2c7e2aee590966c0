import { Fragment, type ReactNode } from 'react';

/** A part of an address this long or shorter never breaks inside (not even after a hyphen). */
const UNBROKEN_PART = 30;

/**
 * An e-mail address that wraps where people expect it to, not mid-word: a line-break opportunity
 * (`<wbr>`) after the @ and before each dot, and none inside a part (a break after a hyphen would
 * read as part of the address). A part too long for any line may still break anywhere, the last
 * resort (`overflow-wrap: anywhere`), rather than run off the screen.
 */
export function breakableEmail(address: string): ReactNode {
  const parts = address.split(/(?<=@)|(?=\.)/);
  return (
    <span className="[overflow-wrap:anywhere]">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part.length <= UNBROKEN_PART ? <span className="whitespace-nowrap">{part}</span> : part}
        </Fragment>
      ))}
    </span>
  );
}
