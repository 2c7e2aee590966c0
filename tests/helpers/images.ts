/** Small image files for upload tests: a real 1x1 PNG and WebP, and the start of a JPEG (JFIF) file. */
export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const WEBP_1x1 = Buffer.from('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=', 'base64');
export const JPEG_HEAD = Buffer.from([
  0xff,
  0xd8,
  0xff,
  0xe0,
  0x00,
  0x10,
  ...Buffer.from('JFIF\0'),
  0x01,
  0x01,
  0,
  0,
  1,
  0,
  1,
  0,
  0,
  0xff,
  0xd9,
]);
/** A text file someone renamed to .png. */
export const TEXT_AS_PNG = Buffer.from('Just some notes, not a picture.\n');

/** `bytes` padded with zeros to `size`: the type still shows in the first bytes. */
export const padded = (bytes: Buffer, size: number) => Buffer.concat([bytes, Buffer.alloc(size - bytes.length)]);
