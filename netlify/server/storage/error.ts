/**
 * A store operation whose outcome we do not know or that did not happen: Blobs answered neither
 * success nor a conflict (a 5xx, 403, 429 after the tries, a timeout, a dropped connection), or the
 * invocation's storage time ran out. Retryable by the caller: the flows are written so that trying
 * the whole request again is safe. Requests answer it with 503 (http.ts).
 */
export class StorageError extends Error {
  readonly name = 'StorageError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export const isStorageError = (error: unknown): error is StorageError => error instanceof StorageError;

/** A key no request may name (see keys.ts): the caller sent a bad id, so requests answer it with 400. */
export class InvalidKeyError extends Error {
  readonly name = 'InvalidKeyError';
  readonly status = 400;
  constructor() {
    super('That id is not valid.');
  }
}
