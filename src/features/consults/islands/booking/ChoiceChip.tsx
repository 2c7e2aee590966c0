import type { ReactNode } from 'react';

/**
 * A radio button drawn as a chip: the real input covers the chip, so a click anywhere picks it, arrow
 * keys move through its group, and screen readers hear a radio with the label's text.
 */
export function ChoiceChip({
  name,
  value,
  checked,
  onChange,
  children,
  inputRef,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
  inputRef?: (el: HTMLInputElement | null) => void;
}) {
  return (
    <label className="relative flex min-h-11 cursor-pointer flex-col items-center justify-center rounded-lg border border-slate-300 bg-white px-2 py-2 text-center text-sm font-semibold text-navy-800 hover:border-navy-600 has-checked:border-navy-800 has-checked:bg-navy-800 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-beacon-500">
      <input
        ref={inputRef}
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="absolute inset-0 cursor-pointer appearance-none rounded-lg opacity-0"
      />
      {children}
    </label>
  );
}
