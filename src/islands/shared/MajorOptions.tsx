import { MAJORS, majorValue } from '#lib/catalogue';

/** The intended majors as a select's options, after a 'Select a major' placeholder; values lower-cased. */
export function MajorOptions() {
  return (
    <>
      <option value="">Select a major</option>
      {MAJORS.map((major) => (
        <option key={major} value={majorValue(major)}>
          {major}
        </option>
      ))}
    </>
  );
}
