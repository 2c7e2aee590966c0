import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { isOverbooked } from '../../lib/editor-rules';
import { editorById, loadEditors } from '../../stores/editors';
import { $order, restoreSelection } from '../../stores/order';
import { $session, startSession } from '../../stores/session';
import { useEditors } from '../shared/useEditors';
import { AddOnPicker } from './AddOnPicker';
import { EditorPicker } from './EditorPicker';
import { ServicePicker } from './ServicePicker';

/** The left column of /select-services: services, editor and add-ons (SPEC §2). */
export default function OrderPickers() {
  const selection = useStore($order);
  const editors = useEditors();
  const { ownedAddOns } = useStore($session);

  useEffect(() => {
    void startSession();
    void loadEditors().then((state) => {
      const url = new URL(location.href);
      const used = restoreSelection(url.searchParams, state.status === 'ready' ? state.editors.map((e) => e.id) : null);
      // Applied once: a reload must not undo what the visitor changed since.
      used.forEach((param) => url.searchParams.delete(param));
      history.replaceState(history.state, '', url);
    });
  }, []);

  const editor = editorById(editors, selection.editorId);
  return (
    <div className="space-y-10">
      <ServicePicker selection={selection} overbooked={editor ? isOverbooked(editor) : false} />
      <div>
        <EditorPicker editors={editors} editorId={selection.editorId} onRetry={editors.retry} />
        {editor && isOverbooked(editor) && (
          <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {editor.name} is fully booked, so services with {editor.name.split(' ')[0]} cost 1.5x. Add-ons keep their price.
          </p>
        )}
      </div>
      <AddOnPicker chosen={selection.addOns} owned={ownedAddOns} />
    </div>
  );
}
