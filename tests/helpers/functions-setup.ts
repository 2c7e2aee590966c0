import { inject } from 'vitest';

// What Netlify gives a function: the Blobs context in the environment.
process.env.NETLIFY_BLOBS_CONTEXT = inject('blobsContext');
