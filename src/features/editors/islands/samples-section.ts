/** The workspace's 'My sample edits' section, in a module of its own: the first paint loads no sample rule. */
export const samplesSection = {
  heading: 'My sample edits',
  what: 'my sample edits',
  loading: 'Loading your sample edits...',
} as const;
