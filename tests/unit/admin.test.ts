import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { purgeCacheTags } from '../../netlify/server/core/cdn';
import { toCsv } from '../../netlify/server/core/csv';
import { EDITOR_ID_PATTERN, slugify } from '../../src/features/editors/server/editors.repo';
import { sniffImageType } from '../../src/features/editors/server/uploads';
import { EDITOR_TEXT_LIMITS } from '../../src/features/editors/editor-input';
import { isImageReference } from '../../src/features/editors/editor-input';
import { editorInputSchema } from '../../src/features/editors/editor.schema';
import {
  NEW_EDITOR_VALUES,
  SLOTS_OPEN_FALLBACK,
  TOTAL_SLOTS_FALLBACK,
  problemOfApi,
  toCount,
  toEditorInput,
  valuesOf,
  type EditorFormValues,
} from '../../src/features/editors/islands/admin/editor-form';
import { normalizeEmail } from '../../src/lib/email';
import { JPEG_HEAD, PNG_1x1, TEXT_AS_PNG, WEBP_1x1 } from '../helpers/images';

describe('the editor form', () => {
  const filled = { ...NEW_EDITOR_VALUES, name: ' Ada ', college: 'MIT', major: 'Math' };

  it('starts a new editor with 0 open of 5 slots and everything else empty', () => {
    expect(NEW_EDITOR_VALUES).toEqual({
      name: '',
      image: '',
      college: '',
      major: '',
      sat: '',
      gpa: '',
      ecs: '',
      strengths: '',
      bio: '',
      slotsOpen: '0',
      totalSlots: '5',
      featured: { home: false, about: false },
      accountEmail: '',
    });
  });

  it.each([
    ['', 7, 7],
    ['  ', 7, 7],
    ['abc', 7, 7],
    ['3', 7, 3],
    ['0', 7, 0],
  ])('reads %j as a count (fallback %i) -> %i', (value, fallback, expected) => {
    expect(toCount(value, fallback)).toBe(expected);
  });

  it('falls back to 0 open and 5 in total when the numbers are not numbers', () => {
    const result = toEditorInput({ ...filled, slotsOpen: '', totalSlots: 'x' });
    expect(result).toEqual({ ok: true, input: expect.objectContaining({ name: 'Ada', slotsOpen: 0, totalSlots: 5 }) });
  });

  it('names the field and says what is wrong in the words of the form', () => {
    expect(toEditorInput({ ...filled, slotsOpen: '6' })).toEqual({
      ok: false,
      field: 'slotsOpen',
      message: 'Slots open must be between 0 and the total slots.',
    });
    expect(toEditorInput({ ...filled, image: 'javascript:alert(1)' })).toMatchObject({ ok: false, field: 'image' });
    expect(toEditorInput({ ...filled, college: ' ' })).toEqual({
      ok: false,
      field: 'college',
      message: 'college is required',
    });
  });

  it('says no to a name or text over its length cap, in the words of the API', () => {
    expect(toEditorInput({ ...filled, name: 'a'.repeat(101) })).toEqual({
      ok: false,
      field: 'name',
      message: 'name must be at most 100 characters',
    });
    expect(toEditorInput({ ...filled, ecs: `  ${'e'.repeat(2000)}  ` })).toMatchObject({ ok: true });
  });

  // The form checks without zod, so the admin page does not ship it; the server parses with the schema.
  it('accepts exactly what editorInputSchema accepts, and names the field the schema names first', () => {
    const text = (max: number) =>
      fc.oneof(
        fc.constantFrom('', '   ', 'Ada'),
        fc.string({ maxLength: 6 }).map((s) => ` ${s} `),
        fc.string({ minLength: max - 1, maxLength: max + 1 }),
      );
    const count = fc.oneof(
      fc.constantFrom('', ' ', 'x', '1.5', '-1', '0', '1', '5', '1000', '1001', '1e3', ' 7 ', 'Infinity'),
      fc.integer({ min: -2, max: 12 }).map(String),
    );
    const image = fc.oneof(
      text(EDITOR_TEXT_LIMITS.image),
      fc.constantFrom(
        '/editors/a.svg',
        'https://x.example/a.png',
        '//evil.example/a',
        'javascript:alert(1)',
        ' /a.png ',
      ),
    );
    const values: fc.Arbitrary<EditorFormValues> = fc.record({
      name: text(EDITOR_TEXT_LIMITS.name),
      image,
      college: text(EDITOR_TEXT_LIMITS.college),
      major: text(EDITOR_TEXT_LIMITS.major),
      sat: text(EDITOR_TEXT_LIMITS.sat),
      bio: text(EDITOR_TEXT_LIMITS.bio),
      gpa: text(EDITOR_TEXT_LIMITS.gpa),
      ecs: text(EDITOR_TEXT_LIMITS.ecs),
      strengths: text(EDITOR_TEXT_LIMITS.strengths),
      slotsOpen: count,
      totalSlots: count,
      featured: fc.record({ home: fc.boolean(), about: fc.boolean() }),
      accountEmail: fc.oneof(
        fc.constantFrom(
          '',
          '  ',
          'maya@example.test',
          ' Maya@Example.TEST ',
          'maya@example',
          'maya @example.test',
          '@example.test',
          `${'a'.repeat(250)}@b.co`,
        ),
        fc.string({ maxLength: 8 }),
      ),
    });
    const formWords = new Set(['image', 'slotsOpen', 'totalSlots', 'accountEmail']);
    fc.assert(
      fc.property(values, (form) => {
        // The form sends what it checked: counts read as numbers, the address trimmed and lower-cased
        // (so whitespace alone means no account).
        const schema = editorInputSchema.safeParse({
          ...form,
          slotsOpen: toCount(form.slotsOpen, SLOTS_OPEN_FALLBACK),
          totalSlots: toCount(form.totalSlots, TOTAL_SLOTS_FALLBACK),
          accountEmail: normalizeEmail(form.accountEmail),
        });
        const result = toEditorInput(form);
        if (schema.success) return void expect(result).toEqual({ ok: true, input: schema.data });
        const issue = schema.error.issues[0];
        expect(result).toMatchObject({ ok: false, field: issue.path[0] });
        if (!formWords.has(String(issue.path[0]))) expect(result).toMatchObject({ message: issue.message });
      }),
      { numRuns: 400 },
    );
  });

  it('round-trips an editor through the form, and only the fields the form edits (not what the admin list adds)', () => {
    const editor = {
      id: 'x',
      name: 'Ada',
      image: '/a.png',
      college: 'MIT',
      major: 'Math',
      sat: '1600',
      gpa: '4.0',
      ecs: 'e',
      strengths: 's',
      bio: 'b',
      slotsOpen: 1,
      totalSlots: 5,
      featured: { home: true, about: false },
      rating: { count: 0, average: null },
      onTime: { rounds: 0, share: null },
      track: { finished: 0, responseMs: null, since: '2026-11-01T00:00:00.000Z' },
    };
    const { id: _, rating: _rating, onTime: _onTime, track: _track, ...input } = editor;
    expect(
      toEditorInput(
        valuesOf(
          { ...editor, hidden: true, projects: { open: 1, finished: 0, stopped: 0 } } as typeof editor,
          'ada@example.test',
        ),
      ),
    ).toEqual({ ok: true, input: { ...input, accountEmail: 'ada@example.test' } });
  });

  it('sends the account address lower-cased, and an empty one to unlink it', () => {
    const input = (accountEmail: string) => {
      const result = toEditorInput({ ...filled, accountEmail });
      return result.ok ? result.input : result;
    };
    expect(input(' Maya@Example.test ')).toMatchObject({ accountEmail: 'maya@example.test' });
    expect(input('   ')).toMatchObject({ accountEmail: '' });
    expect(input('maya@example')).toEqual({
      ok: false,
      field: 'accountEmail',
      message: 'Editor account e-mail must be an address like name@example.com, or empty for no account.',
    });
  });

  it('puts a refusal of the API about one field at that field, and any other under the form', () => {
    expect(problemOfApi('accountEmail: Sofia Ramirez already signs in with this address')).toEqual({
      field: 'accountEmail',
      message: 'Sofia Ramirez already signs in with this address',
    });
    expect(problemOfApi('slotsOpen: slotsOpen must not exceed totalSlots')).toEqual({
      field: 'slotsOpen',
      message: 'slotsOpen must not exceed totalSlots',
    });
    expect(problemOfApi('Something went wrong on our side')).toEqual({
      field: null,
      message: 'Something went wrong on our side',
    });
    expect(problemOfApi('Note: not a field')).toEqual({ field: null, message: 'Note: not a field' });
  });
});

describe('image references', () => {
  it.each([
    '',
    '/editors/maya-chen.svg',
    '/api/uploads/x.png',
    'https://cdn.example.com/a.jpg',
    'http://example.com/a.png',
  ])('accepts %j', (value) => {
    expect(isImageReference(value)).toBe(true);
  });
  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    '//evil.example/a.png',
    '/\\evil.example',
    'editors/a.png',
    '/a b.png',
  ])('refuses %j', (value) => {
    expect(isImageReference(value)).toBe(false);
  });
});

describe('image type sniffing', () => {
  it('knows JPEG, PNG and WebP by their first bytes', () => {
    expect(sniffImageType(JPEG_HEAD)).toBe('image/jpeg');
    expect(sniffImageType(PNG_1x1)).toBe('image/png');
    expect(sniffImageType(WEBP_1x1)).toBe('image/webp');
  });
  it('knows nothing else', () => {
    expect(sniffImageType(TEXT_AS_PNG)).toBeNull();
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull(); // a RIFF file that is audio
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe('CSV', () => {
  it('quotes every cell, doubles quotes and ends lines with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b "c"'],
        ['d,e', 'f\ng'],
      ]),
    ).toBe('"a","b ""c"""\r\n"d,e","f\ng"\r\n');
  });
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx'])('keeps %j from running as a formula', (value) => {
    expect(toCsv([[value]])).toBe(`"'${value}"\r\n`);
  });
});

describe('editor ids', () => {
  it.each([
    ['Maya Chen', 'maya-chen'],
    ['  Zoë  Ng-Park! ', 'zoe-ng-park'],
    ['李明', 'editor'],
    ['---', 'editor'],
    ['A'.repeat(80), 'a'.repeat(60)],
  ])('%j -> %j, a valid id', (name, id) => {
    expect(slugify(name)).toBe(id);
    expect(EDITOR_ID_PATTERN.test(slugify(name))).toBe(true);
  });
});

describe('CDN purge guard', () => {
  it('does nothing without the purge token (everywhere but Netlify)', async () => {
    const purge = vi.fn();
    expect(await purgeCacheTags(['editors'], {}, purge)).toBe('skipped');
    expect(purge).not.toHaveBeenCalled();
  });
  it('purges the tags with the token', async () => {
    const purge = vi.fn().mockResolvedValue(undefined);
    expect(await purgeCacheTags(['editors'], { NETLIFY_PURGE_API_TOKEN: 't' }, purge)).toBe('purged');
    expect(purge).toHaveBeenCalledWith({ tags: ['editors'] });
  });
  it('reports a failed purge instead of throwing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const purge = vi.fn().mockRejectedValue(new Error('503'));
    expect(await purgeCacheTags(['editors'], { NETLIFY_PURGE_API_TOKEN: 't' }, purge)).toBe('failed');
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
