/** Words as people and colleges count them: runs of non-space characters. */
export const countWords = (text: string) => (text.trim() === '' ? 0 : text.trim().split(/\s+/).length);
