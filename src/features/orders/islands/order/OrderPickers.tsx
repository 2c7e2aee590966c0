import { useLayoutEffect, useRef, useState } from 'react';
import { changedControls } from '#client/early-input';
import { ADD_ON_IDS, SERVICE_IDS, type AddOnId, type ServiceId } from '#lib/catalogue';
import { isFull, type EditorChoice } from '#features/editors/editor-rules';
import { $builtEditors, loadEditors } from '#features/editors/islands/editors-store';
import { $order, chooseEditor, restoreSelection, setAddOnChosen, setServiceChosen, settleEditor } from '#stores/order';
import { $session, startSession } from '#stores/session';
import { useEditors } from '#features/editors/islands/useEditors';
import { useSharedStore } from '../../../../islands/shared/useSharedStore';
import { AddOnPicker } from './AddOnPicker';
import { EditorPicker } from './EditorPicker';
import { ServicePicker } from './ServicePicker';

/** The left column of /select-services: services, editor and add-ons. */
export default function OrderPickers({ builtEditors }: { builtEditors: EditorChoice[] }) {
  const selection = useSharedStore($order);
  const editors = useEditors(builtEditors);
  const { ownedAddOns } = useSharedStore($session);
  const [editorGone, setEditorGone] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  // Right after hydration, before anything renders again: the saved selection, then the link that
  // brought the visitor here, then what the visitor ticked while the page was loading (newest last).
  useLayoutEffect(() => {
    void startSession();
    $builtEditors.set(builtEditors); // the summary names the editor before the live list is in
    const used = restoreSelection(
      new URLSearchParams(location.search),
      builtEditors.map((e) => e.id),
    );
    if (root.current) applyEarlyInput(root.current);
    dropParams(used);
    void loadEditors().then((state) => {
      if (state.status !== 'ready') return;
      const { linkUsed, dropped } = settleEditor(state.editors.map((e) => e.id));
      if (linkUsed) dropParams(['editor']);
      setEditorGone(dropped);
    });
  }, [builtEditors]);

  const editor = editors.shown.find((e) => e.id === selection.editorId) ?? null;
  return (
    <div ref={root} className="space-y-10">
      <ServicePicker selection={selection} editorFull={editor ? isFull(editor) : false} />
      <div>
        <EditorPicker
          editors={editors.shown}
          status={editors.status}
          editorId={selection.editorId}
          editorGone={editorGone && selection.editorId === null}
          onRetry={editors.retry}
        />
        {editor && isFull(editor) && (
          <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {editor.name} is fully booked, so services with {editor.name.split(' ')[0]} cost 1.5x. Add-ons keep their
            price.
          </p>
        )}
      </div>
      <AddOnPicker chosen={selection.addOns} owned={ownedAddOns} />
    </div>
  );
}

/** The pickers' native inputs carry their choice in name and value (see the pickers). */
function applyEarlyInput(root: HTMLElement) {
  for (const input of changedControls(root)) {
    if (!(input instanceof HTMLInputElement)) continue;
    if (input.name === 'service' && (SERVICE_IDS as readonly string[]).includes(input.value)) {
      setServiceChosen(input.value as ServiceId, input.checked);
    } else if (input.name === 'addon' && (ADD_ON_IDS as readonly string[]).includes(input.value)) {
      setAddOnChosen(input.value as AddOnId, input.checked, $session.get().ownedAddOns);
    } else if (input.name === 'editor' && input.checked) {
      chooseEditor(input.value);
    }
  }
}

/** Links apply once: a reload must not undo what the visitor changed since. */
function dropParams(params: string[]) {
  if (params.length === 0) return;
  const url = new URL(location.href);
  params.forEach((param) => url.searchParams.delete(param));
  history.replaceState(history.state, '', url);
}
