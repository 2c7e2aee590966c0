/** What an admin may upload as an editor photo: shared by the form (early feedback) and the server (the rule). */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

/** Accepted image types and the file extension each is stored under. */
export const UPLOAD_IMAGE_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
export type UploadImageType = keyof typeof UPLOAD_IMAGE_TYPES;

export const isUploadImageType = (type: string): type is UploadImageType => Object.hasOwn(UPLOAD_IMAGE_TYPES, type);

export const uploadMessages = {
  wrongType: 'Only JPEG, PNG or WebP images can be uploaded.',
  tooLarge: 'The photo must be at most 2 MB.',
  empty: 'The photo is empty.',
} as const;
