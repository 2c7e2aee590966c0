import { ANY_EDITOR } from '#lib/contact';

/** The preferred-editor choices of a select: 'any editor' first, then each editor with their major. */
export function EditorOptions({ editors }: { editors: readonly { id: string; name: string; major: string }[] }) {
  return (
    <>
      <option value={ANY_EDITOR.value}>{ANY_EDITOR.label}</option>
      {editors.map((editor) => (
        <option key={editor.id} value={editor.id}>
          {editor.name} - {editor.major}
        </option>
      ))}
    </>
  );
}
