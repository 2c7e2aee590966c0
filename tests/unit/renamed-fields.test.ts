/** Records stored under the old names of a full editor read under the new ones, and nothing else changes. */
import { describe, expect, it } from 'vitest';
import { upgradeOrder, upgradeProject } from '../../netlify/server/storage/renamed-fields';

describe('reading records stored before the rename', () => {
  it('an order’s editor.overbooked is read as editor.full', () => {
    const stored = { id: 'BCC-ABCDEF', editor: { id: 'daniel-okafor', name: 'Daniel Okafor', overbooked: true } };
    expect(upgradeOrder(stored)).toEqual({
      id: 'BCC-ABCDEF',
      editor: { id: 'daniel-okafor', name: 'Daniel Okafor', full: true },
    });
    expect(upgradeOrder({ editor: { overbooked: false } })).toEqual({ editor: { full: false } });
  });

  it('a project’s overflow is read as boughtWhileFull', () => {
    expect(upgradeProject({ id: 'BCC-ABCDEF-1', overflow: true })).toEqual({
      id: 'BCC-ABCDEF-1',
      boughtWhileFull: true,
    });
    expect(upgradeProject({ overflow: false })).toEqual({ boughtWhileFull: false });
  });

  it('leaves a record stored under the new name as it is, and keeps the new name when both are there', () => {
    const order = { editor: { full: true } };
    const project = { boughtWhileFull: false };
    expect(upgradeOrder(order)).toBe(order);
    expect(upgradeProject(project)).toBe(project);
    expect(upgradeOrder({ editor: { full: true, overbooked: false } })).toEqual({ editor: { full: true } });
    expect(upgradeProject({ boughtWhileFull: true, overflow: false })).toEqual({ boughtWhileFull: true });
  });

  it('passes anything that is not such a record through', () => {
    for (const value of [null, '', 'text', 3, [], ['overflow']]) {
      expect(upgradeOrder(value)).toBe(value);
      expect(upgradeProject(value)).toBe(value);
    }
  });
});
