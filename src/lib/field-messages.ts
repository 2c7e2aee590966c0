/** How the API words a text field that breaks its rule: the zod schemas and the zod-free form checks share the words. */
export const fieldMessages = {
  notText: (field: string) => `${field} must be text`,
  required: (field: string) => `${field} is required`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
};
