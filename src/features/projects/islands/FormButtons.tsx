/**
 * A step form's buttons: the one that sends first, as it shows on a phone (above Close), so that Tab
 * meets them in the order the eye does; side by side from the small breakpoint up, in the same order.
 */
export function FormButtons({ label, disabled, onClose }: { label: string; disabled: boolean; onClose: () => void }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <button type="submit" className="btn-primary" disabled={disabled}>
        {label}
      </button>
      <button type="button" className="btn-outline" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
