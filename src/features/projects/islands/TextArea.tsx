import { forwardRef, useId, type TextareaHTMLAttributes } from 'react';
import { formatCount } from '#lib/numbers';

interface Props extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** Shows 'n / max characters' and marks the field invalid past it (typing on is allowed: nothing is cut off). */
  max?: number;
  /** The words counted, shown before the characters ('663 / 650 words — 13 over the limit'): essays are limited in words. */
  wordCount?: { text: string; over: boolean };
  hint?: string;
  error?: string;
}

/** A labelled textarea with its hint, its counter and its error, all tied to it for screen readers. */
export const TextArea = forwardRef<HTMLTextAreaElement, Props>(function TextArea(
  { label, value, onValue, max, wordCount, hint, error, rows = 4, ...rest },
  ref,
) {
  const id = useId();
  const over = max !== undefined && value.length > max;
  const described = [hint && `${id}-hint`, max !== undefined && `${id}-count`, error && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm break-words text-slate-600">
          {hint}
        </p>
      )}
      <textarea
        ref={ref}
        id={id}
        rows={rows}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={described || undefined}
        className="input min-h-24 resize-y"
        {...rest}
      />
      {max !== undefined && (
        <p
          id={`${id}-count`}
          className={`text-right text-xs ${over || wordCount?.over ? 'font-semibold text-red-800' : 'text-slate-600'}`}
        >
          {wordCount && `${wordCount.text} · `}
          {formatCount(value.length)} / {formatCount(max)} characters
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
});
