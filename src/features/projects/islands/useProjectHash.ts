import { useEffect, useState } from 'react';

const PREFIX = '#project-';

export const projectHash = (id: string) => `${PREFIX}${id}`;
export const projectAnchor = (id: string) => `project-${id}`;

const read = () => (location.hash.startsWith(PREFIX) ? decodeURIComponent(location.hash.slice(PREFIX.length)) : null);

/**
 * The project named by `#project-<id>` (the link in every e-mail; the editor's inbox links), followed
 * as it changes. Null until mounted: the server's HTML knows no hash.
 */
export function useProjectHash(): string | null {
  const [id, setId] = useState<string | null>(null);
  useEffect(() => {
    const follow = () => setId(read());
    follow();
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  return id;
}
