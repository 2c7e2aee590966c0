/** Current grade of the student; shown as '11th Grade'. */
export const GRADES = ['9', '10', '11', '12'] as const;
export const gradeLabel = (grade: string) => `${grade}th Grade`;

/** 'Sam · 11th Grade'; the name alone once a closed account took the grade away. */
export const withGrade = (name: string, grade: string, separator: string) =>
  grade ? `${name}${separator}${gradeLabel(grade)}` : name;
