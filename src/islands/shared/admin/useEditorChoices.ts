import { useCallback, useEffect, useState } from 'react';
import type { AdminEditor } from '#features/editors/editor-rules';
import { editorChoices } from './admin-api';
import { toastFetchFailed } from './toasts';

/**
 * The editors for a filter (hidden ones too, named so) or a reassignment (shown ones only): null until
 * loaded, [] when they could not be.
 */
export function useEditorChoices() {
  const [editors, setEditors] = useState<AdminEditor[] | null>(null);
  // The admin's fresh read: after a reassignment the slot counts beside each name must be current.
  const reload = useCallback(() => {
    return editorChoices().then((result) => {
      if (!result.ok) toastFetchFailed();
      setEditors(result.ok ? result.data : []);
    });
  }, []);
  useEffect(() => void reload(), [reload]);
  return { editors, reload };
}
