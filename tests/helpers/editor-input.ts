/** A valid editor for tests to create, under a name no other test uses (its id is its slug). */
import type { EditorInput } from '../../src/features/editors/editor-rules';

let counter = 0;
export const uniqueEditorName = () => `Test Editor ${Date.now()} ${counter++}`;

export const editorInput = (name = uniqueEditorName()): EditorInput => ({
  name,
  image: '',
  college: 'Test College',
  major: 'Testing',
  sat: '1500',
  gpa: '3.8',
  ecs: 'Chess club',
  strengths: 'Careful reading',
  slotsOpen: 2,
  totalSlots: 5,
  featured: { home: false, about: false },
});
