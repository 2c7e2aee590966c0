import { useCallback, useEffect, useState } from 'react';
import type { Editor } from '#features/editors/editor-rules';
import { listEditors } from './admin-api';
import { toastFetchFailed } from './toasts';

/** The editors for a filter or a reassignment: null until loaded, [] when they could not be. */
export function useEditorChoices() {
  const [editors, setEditors] = useState<Editor[] | null>(null);
  // The admin's fresh read: after a reassignment the slot counts beside each name must be current.
  const reload = useCallback(() => {
    return listEditors().then((result) => {
      if (!result.ok) toastFetchFailed();
      setEditors(result.ok ? result.data : []);
    });
  }, []);
  useEffect(() => void reload(), [reload]);
  return { editors, reload };
}
