import { isFull, type EditorChoice } from '#features/editors/editor-rules';
import { messages } from '#lib/messages';
import type { EditorsState } from '#features/editors/islands/editors-store';
import { chooseEditor } from '#stores/order';
import { RatingLine } from '../../../../islands/shared/RatingLine';

interface Props {
  /** The live list once loaded; until then the one the page was built with. */
  editors: readonly EditorChoice[];
  status: EditorsState['status'];
  editorId: string | null;
  /** The chosen editor is not in the live list any more. */
  editorGone: boolean;
  onRetry: () => void;
}

/** Editor cards as a radio group: name, college, major, open slots, and 'Overbooked' when full. */
export function EditorPicker({ editors, status, editorId, editorGone, onRetry }: Props) {
  return (
    <fieldset>
      <legend className="mb-3 font-serif text-xl font-bold text-navy-900">Choose your editor</legend>
      {status === 'loading' && editors.length === 0 && <p className="text-sm text-slate-600">Loading editors...</p>}
      {status === 'error' && (
        <p role="alert" className="mb-3 text-sm text-red-800">
          We could not load the editors.{' '}
          <button type="button" onClick={onRetry} className="font-semibold underline">
            Try again
          </button>
        </p>
      )}
      <p role="status" className="text-sm font-medium text-amber-900 empty:hidden">
        {editorGone ? messages.editorUnavailable : ''}
      </p>
      {status === 'ready' && editors.length === 0 && (
        <p className="text-sm text-slate-700">No editors are available right now.</p>
      )}
      {editors.length > 0 && (
        <div className="grid gap-3 sm:grid-cols-2">
          {editors.map((editor) => (
            <EditorOption key={editor.id} editor={editor} checked={editor.id === editorId} />
          ))}
        </div>
      )}
    </fieldset>
  );
}

function EditorOption({ editor, checked }: { editor: EditorChoice; checked: boolean }) {
  const full = isFull(editor);
  return (
    // Its text is the editor's name and facts inside it; the radio is inside too.
    <label
      // The card follows its own radio (CSS :has), so a pick shows before the page is interactive.
      className="flex cursor-pointer items-start gap-3 rounded-xl border-2 border-slate-200 bg-white p-4 transition-colors has-checked:border-navy-700 has-checked:bg-navy-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-beacon-500"
    >
      <input
        type="radio"
        name="editor"
        value={editor.id}
        checked={checked}
        onChange={() => chooseEditor(editor.id)}
        className="mt-1 size-5 shrink-0 accent-navy-700"
      />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-navy-900">{editor.name}</span>
          {full && <span className="rounded bg-red-700 px-2 py-0.5 text-xs font-bold text-white">Overbooked</span>}
        </span>
        <span className="block text-sm text-slate-700">{editor.college}</span>
        <RatingLine editor={editor} />
        <span className="block text-sm text-slate-700">{editor.major}</span>
        <span className="mt-1 block text-sm font-medium text-slate-800">
          Slots open: {editor.slotsOpen}/{editor.totalSlots}
        </span>
      </span>
    </label>
  );
}
