/** Current grade of the student; shown as '11th Grade'. */
export const GRADES = ['9', '10', '11', '12'] as const;
export const gradeLabel = (grade: string) => `${grade}th Grade`;
