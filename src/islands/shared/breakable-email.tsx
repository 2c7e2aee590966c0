import { Fragment, type ReactNode } from 'react';

/**
 * An e-mail address that wraps where people expect it to, not mid-word: a line-break opportunity
 * (`<wbr>`) after the @ and before each dot. Its container keeps `overflow-wrap: anywhere` only as
 * the last resort for a single part longer than the line.
 */
export function breakableEmail(address: string): ReactNode {
  const parts = address.split(/(?<=@)|(?=\.)/);
  return (
    <span className="[overflow-wrap:anywhere]">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
