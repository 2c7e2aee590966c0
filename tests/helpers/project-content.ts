/**
 * A project with something in it to delete: one round through the real endpoints, with the family's
 * PDF draft, the editor's feedback and its file, and optionally a message and the project made final.
 * Shared by the tests of what the retention run and an account's closure delete.
 */
import { expect } from 'vitest';
import { PDF } from './documents';
import { act, upload } from './projects';

export async function roundWithContent(
  familyToken: string,
  editorToken: string,
  id: string,
  { message, final }: { message?: string; final: boolean },
): Promise<{ fileIds: string[] }> {
  const draft = (await upload(familyToken, id, PDF, 'My essay.pdf')).body;
  let res = await act(familyToken, id, 'submit', {
    version: 1,
    prompt: 'Why us?',
    draft: { kind: 'file', fileId: draft.id },
  });
  const feedback = (await upload(editorToken, id, 'Notes on your essay', 'notes.txt')).body;
  res = await act(editorToken, id, 'return', { version: res.body.version, notes: 'Good.', fileIds: [feedback.id] });
  if (message) await act(familyToken, id, 'message', { text: message });
  if (final) {
    res = await act(familyToken, id, 'finalize', { version: res.body.version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return { fileIds: [draft.id as string, feedback.id as string] };
}
