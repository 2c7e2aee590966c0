import { useCallback, useEffect, useRef, useState } from 'react';
import type { WaitlistCounts } from '#lib/admin-lists';
import type { AdminEditor } from '../../editor-rules';
import { editorMessages, messages } from '#lib/messages';
import type { EditorInput } from '../../editor-rules';
import {
  adminEditors,
  createEditor,
  deleteEditor,
  inviteEditor,
  setEditorHidden,
  updateEditor,
  waitlistCounts,
} from '../../../../islands/shared/admin/admin-api';
import { EditorCard } from './EditorCard';
import { invitationMessages } from '../../invitation';
import { EditorForm } from './EditorForm';
import { NEW_EDITOR_VALUES, valuesOf } from './editor-form';
import { showToast, toastFetchFailed } from '../../../../islands/shared/admin/toasts';

/**
 * Editors Management: 'Add Editor' opens the form, the list shows a card per editor (hidden ones
 * too), at most one card is edited in place, and the list is reloaded after every change.
 */
export function EditorsTab() {
  const [editors, setEditors] = useState<AdminEditor[]>([]);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<WaitlistCounts | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const reload = useCallback(() => {
    // The counts are extra: without them the cards simply do not show a waitlist.
    void waitlistCounts().then((counts) => counts.ok && setWaiting(counts.data));
    return adminEditors().then((result) => {
      if (result.ok) {
        setEditors(result.data);
        setStatus('ready');
      } else {
        setStatus((s) => (s === 'ready' ? s : 'failed'));
        toastFetchFailed();
      }
    });
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** Focus goes back where the admin came from once the form it was in has gone. */
  const focusLater = (find: () => HTMLElement | null | undefined) => requestAnimationFrame(() => find()?.focus());

  function closeAddForm() {
    setAdding(false);
    focusLater(() => addButton.current);
  }

  function stopEditing(id: string) {
    setEditingId(null);
    focusLater(() => document.getElementById(`edit-${id}`));
  }

  async function add(input: EditorInput) {
    const result = await createEditor(input);
    if (!result.ok) {
      showToast('error', messages.editorAddFailed);
      return result.error;
    }
    showToast('success', messages.editorAdded);
    closeAddForm();
    await reload();
    return null;
  }

  async function save(id: string, input: EditorInput) {
    const result = await updateEditor(id, input);
    if (!result.ok) {
      showToast('error', messages.editorUpdateFailed);
      return result.error;
    }
    showToast('success', messages.editorUpdated);
    await reload();
    stopEditing(id);
    return null;
  }

  async function setHidden(editor: AdminEditor, hidden: boolean) {
    const result = await setEditorHidden(editor.id, hidden);
    if (!result.ok) return showToast('error', result.status === 404 ? result.error : editorMessages.hideFailed);
    showToast('success', hidden ? editorMessages.hidden(editor.name) : editorMessages.shown(editor.name));
    await reload();
    focusLater(() => document.getElementById(`visibility-${editor.id}`));
  }

  async function invite(editor: AdminEditor) {
    const result = await inviteEditor(editor.id);
    if (!result.ok) return showToast('error', result.error);
    showToast('success', invitationMessages.sent(result.data.email));
    await reload();
    focusLater(() => document.getElementById(`invite-${editor.id}`));
  }

  async function remove(editor: AdminEditor) {
    if (!window.confirm(messages.confirmDeleteEditor)) return;
    const result = await deleteEditor(editor.id);
    // 409: the server says why (open projects to reassign first).
    if (!result.ok) return showToast('error', result.status === 409 ? result.error : messages.editorDeleteFailed);
    showToast('success', messages.editorDeleted);
    await reload();
    focusLater(() => addButton.current);
  }

  return (
    <section aria-labelledby="editors-heading" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="editors-heading" className="font-serif text-2xl font-bold text-navy-900">
          Editors
        </h2>
        {!adding && (
          <button ref={addButton} type="button" className="btn-primary" onClick={() => setAdding(true)}>
            Add Editor
          </button>
        )}
      </div>

      {adding && (
        <div className="rounded-xl border border-navy-200 bg-navy-50 p-4 sm:p-6">
          <EditorForm
            heading="New editor"
            initial={NEW_EDITOR_VALUES}
            submitLabel="Add Editor"
            onSubmit={add}
            onCancel={closeAddForm}
          />
        </div>
      )}

      {status === 'loading' && <p className="text-slate-700">Loading editors...</p>}
      {status === 'failed' && (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-slate-700">The editors could not be loaded.</p>
          <button type="button" className="btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={() => void reload()}>
            Try again
          </button>
        </div>
      )}
      {status === 'ready' && editors.length === 0 && (
        <p className="text-slate-700">No editors found. Click "Add Editor" to create the first one.</p>
      )}
      {editors.length > 0 && (
        <ul className="grid gap-4 lg:grid-cols-2" aria-label="Editors">
          {editors.map((editor) => (
            <li
              key={editor.id}
              aria-label={editor.name}
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
            >
              {editingId === editor.id ? (
                <EditorForm
                  heading={`Edit ${editor.name}`}
                  initial={valuesOf(editor, editor.accountEmail)}
                  submitLabel="Save Changes"
                  onSubmit={(input) => save(editor.id, input)}
                  onCancel={() => stopEditing(editor.id)}
                />
              ) : (
                <EditorCard
                  editor={editor}
                  waiting={waiting ? (waiting[editor.id] ?? 0) : undefined}
                  onEdit={() => setEditingId(editor.id)}
                  onSetHidden={(hidden) => void setHidden(editor, hidden)}
                  onInvite={() => void invite(editor)}
                  onDelete={() => void remove(editor)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
