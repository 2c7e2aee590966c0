import { formatDay, formatMonthDay, formatTime, formatWeekday, type SlotDay } from '../../consult-format';
import { ChoiceChip } from './ChoiceChip';

interface SlotPickerProps {
  days: SlotDay[];
  timeZone: string;
  day: SlotDay;
  slot: string | null;
  problem?: string;
  onDay: (date: string) => void;
  onSlot: (slot: string) => void;
  /** The first time of the day shown, for the form to focus when no time is chosen. */
  firstTimeRef: (el: HTMLInputElement | null) => void;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Days with free times, then that day's times: two radio groups, each one Tab stop, arrows within. */
export function SlotPicker({ days, timeZone, day, slot, problem, onDay, onSlot, firstTimeRef }: SlotPickerProps) {
  const dayName = formatDay(day.slots[0], timeZone);
  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-navy-900">Choose a day</legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {days.map((d) => (
            <ChoiceChip
              key={d.date}
              name="consult-day"
              value={d.date}
              checked={d.date === day.date}
              onChange={() => onDay(d.date)}
            >
              <span aria-hidden="true">{formatWeekday(d.slots[0], timeZone)}</span>
              <span aria-hidden="true" className="text-base">
                {formatMonthDay(d.slots[0], timeZone)}
              </span>
              <span className="sr-only">{formatDay(d.slots[0], timeZone)}, </span>
              <span className="text-xs font-normal opacity-80">{plural(d.slots.length, 'time')}</span>
            </ChoiceChip>
          ))}
        </div>
      </fieldset>

      <fieldset aria-describedby={problem ? 'consult-time-error' : undefined}>
        <legend className="mb-2 text-sm font-semibold text-navy-900">Choose a time on {dayName}</legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {day.slots.map((s, i) => (
            <ChoiceChip
              key={s}
              name="consult-time"
              value={s}
              checked={s === slot}
              onChange={() => onSlot(s)}
              inputRef={i === 0 ? firstTimeRef : undefined}
            >
              <span className="sr-only">{dayName}, </span>
              {formatTime(s, timeZone)}
            </ChoiceChip>
          ))}
        </div>
        {problem && (
          <p id="consult-time-error" className="mt-2 text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
      </fieldset>
    </div>
  );
}
