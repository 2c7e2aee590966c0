import { useRef } from 'react';
import type { FileRef } from '../project';
import { uploadProjectFile } from './project-api';

/**
 * Uploads chosen files before the step that names them, each once: when the step itself fails and
 * is sent again, the files already uploaded are not sent twice.
 */
export function useUploads(projectId: string) {
  const done = useRef(new WeakMap<File, FileRef>());

  /** The uploaded files in order, or the first failure, named. */
  async function uploadAll(files: File[]): Promise<{ ok: true; refs: FileRef[] } | { ok: false; error: string }> {
    const refs: FileRef[] = [];
    for (const file of files) {
      let ref = done.current.get(file);
      if (!ref) {
        const result = await uploadProjectFile(projectId, file);
        if (!result.ok) return { ok: false, error: `${file.name} was not uploaded: ${result.error}` };
        ref = result.data;
        done.current.set(file, ref);
      }
      refs.push(ref);
    }
    return { ok: true, refs };
  }

  return uploadAll;
}
