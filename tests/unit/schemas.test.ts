import { describe, expect, it } from 'vitest';
import { isEmail, normalizeEmail } from '../../src/lib/email';
import { testScore } from '../../src/features/editors/editor-rules';
import { checkoutSelectionSchema } from '../../src/features/orders/order.schema';
import { inquirySchema, subscribeSchema } from '../../src/lib/schemas';
import { testLabel } from '../../src/features/editors/editor-rules';
import { editorInputSchema } from '../../src/features/editors/editor.schema';
import { storeName } from '../../netlify/server/storage/stores';

describe('e-mail addresses', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
    expect(subscribeSchema.parse({ email: ' A@B.co ' })).toEqual({ email: 'a@b.co' });
  });

  it.each([
    'plain',
    'a@b',
    'a b@c.de',
    '@c.de',
    'a@.',
    '',
    // What the old "simple pattern" let in: markup, emoji, a one-letter top-level domain.
    '<script>@x.y',
    '<script>alert(1)</script>@example.com',
    'a@x.y',
    'pat😀@example.com',
    'pat@exämple.com',
    '.pat@example.com',
    'pat.@example.com',
    'pat..rivera@example.com',
    'pat@-example.com',
    'pat@example-.com',
    'pat@example..com',
    'pat@example.c0m',
    'pat@example.com.',
    '"pat"@example.com',
    'pat@[127.0.0.1]',
    'pat@localhost',
    `${'a'.repeat(65)}@example.com`,
  ])('rejects %j', (email) => {
    expect(isEmail(email)).toBe(false);
    expect(subscribeSchema.safeParse({ email }).success).toBe(false);
  });

  it.each([
    'pat@example.com',
    'pat.rivera@mail.example.co.uk',
    "o'brien+essays@example.org",
    'a_b-c=d?e{f}~g@sub-domain.example.io',
    'x@ex.museum',
    'pat@xn--80ak6aa92e.xn--p1ai',
    `${'a'.repeat(64)}@example.com`,
  ])('accepts %j', (email) => {
    expect(isEmail(email)).toBe(true);
    expect(subscribeSchema.safeParse({ email }).success).toBe(true);
  });

  it('rejects addresses over 254 characters and non-strings', () => {
    expect(subscribeSchema.safeParse({ email: `${'a'.repeat(250)}@b.co` }).success).toBe(false);
    expect(subscribeSchema.safeParse({ email: 42 }).success).toBe(false);
    expect(subscribeSchema.safeParse({}).success).toBe(false);
  });
});

describe('SAT or ACT', () => {
  it('labels a score under 100 as ACT', () => {
    expect(testLabel('35')).toBe('ACT');
    expect(testLabel('1540')).toBe('SAT');
  });

  it('shows one test and one score, whatever the admin typed', () => {
    expect(testScore('1540')).toEqual({ label: 'SAT', value: '1540' });
    expect(testScore(' 34 ')).toEqual({ label: 'ACT', value: '34' });
    expect(testScore('SAT 1500')).toEqual({ label: 'SAT', value: '1500' });
    expect(testScore('sat: 1500')).toEqual({ label: 'SAT', value: '1500' });
    expect(testScore('ACT 35')).toEqual({ label: 'ACT', value: '35' });
    expect(testScore('1490 SAT')).toEqual({ label: 'SAT', value: '1490' });
    expect(testScore('SAT 1500, ACT 34')).toEqual({ label: 'SAT/ACT', value: 'SAT 1500, ACT 34' });
    expect(testScore('Test optional')).toEqual({ label: 'SAT/ACT', value: 'Test optional' });
  });
});

describe('editor input', () => {
  const valid = {
    name: 'Ada',
    image: '',
    college: 'MIT',
    major: 'Math',
    sat: '1600',
    gpa: '4.0',
    ecs: '',
    strengths: '',
    slotsOpen: 0,
    totalSlots: 5,
  };
  it('defaults the featured flags', () => {
    expect(editorInputSchema.parse(valid).featured).toEqual({ home: false, about: false });
  });
  it('refuses more open slots than slots', () => {
    expect(editorInputSchema.safeParse({ ...valid, slotsOpen: 6 }).success).toBe(false);
  });
  it('requires name, college and major', () => {
    expect(editorInputSchema.safeParse({ ...valid, name: '  ' }).success).toBe(false);
  });
});

describe('inquiry', () => {
  const valid = { parentName: 'Pat', studentInfo: 'Sam, 11th Grade', intendedMajor: 'stem', email: 'p@x.io' };
  it('accepts the minimum and fills the defaults', async () => {
    expect(await inquirySchema.parseAsync(valid)).toMatchObject({
      services: [],
      preferredEditor: 'any',
      turnaround: 'standard',
      phone: '',
    });
  });
  it('refuses an unknown major or service', async () => {
    expect((await inquirySchema.safeParseAsync({ ...valid, intendedMajor: 'STEM!' })).success).toBe(false);
    expect((await inquirySchema.safeParseAsync({ ...valid, services: ['hacking'] })).success).toBe(false);
  });
  it('stores an optional phone number in E.164, and refuses one without its area code', async () => {
    expect((await inquirySchema.parseAsync({ ...valid, phone: '(312) 555-0100' })).phone).toBe('+13125550100');
    expect((await inquirySchema.parseAsync({ ...valid, phone: '+44 20 7946 0958' })).phone).toBe('+442079460958');
    const refused = await inquirySchema.safeParseAsync({ ...valid, phone: '555-0100' });
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ['phone'], message: 'Enter a phone number with area code' }),
    ]);
  });
  it('counts the details in words: 300 pass, 301 do not', async () => {
    expect((await inquirySchema.safeParseAsync({ ...valid, details: 'word '.repeat(300) })).success).toBe(true);
    const refused = await inquirySchema.safeParseAsync({ ...valid, details: 'word '.repeat(301) });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['details'],
      message: 'details must be at most 300 words (it has 301)',
    });
  });
});

describe('checkout selection', () => {
  const valid = {
    services: [{ id: 'activity-list', quantity: 2 }],
    editorId: 'maya-chen',
    addOns: ['speed24hr'],
    student: {
      studentName: 'Sam',
      studentGrade: '11',
      studentEmail: 's@x.io',
      parentName: 'Pat',
      parentEmail: 'p@x.io',
    },
    billing: { street: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', phone: '(312) 555-0100' },
    agreedToTerms: true,
  };
  it('accepts a selection, defaults the country and stores the phone number in E.164', async () => {
    const { billing } = await checkoutSelectionSchema.parseAsync(valid);
    expect(billing).toMatchObject({ country: 'United States', phone: '+13125550100', zip: '62701' });
  });
  it('ignores any price the browser adds', async () => {
    const parsed = await checkoutSelectionSchema.parseAsync({
      ...valid,
      total: 1,
      services: [{ id: 'activity-list', quantity: 2, price: 1 }],
    });
    expect(parsed).not.toHaveProperty('total');
    expect(parsed.services[0]).not.toHaveProperty('price');
  });
  it('refuses both speed upgrades at once, no service, or a repeated service', async () => {
    expect(
      (await checkoutSelectionSchema.safeParseAsync({ ...valid, addOns: ['speed24hr', 'speed48hr'] })).success,
    ).toBe(false);
    expect((await checkoutSelectionSchema.safeParseAsync({ ...valid, services: [] })).success).toBe(false);
    const twice = [
      { id: 'activity-list', quantity: 1 },
      { id: 'activity-list', quantity: 1 },
    ];
    expect((await checkoutSelectionSchema.safeParseAsync({ ...valid, services: twice })).success).toBe(false);
  });
  it.each([
    ['62701', '62701'],
    ['62701-1234', '62701-1234'],
    ['627011234', '62701-1234'],
    [' 62701 ', '62701'],
  ])('takes the US ZIP code %j as %j', async (zip, stored) => {
    expect(
      (await checkoutSelectionSchema.parseAsync({ ...valid, billing: { ...valid.billing, zip } })).billing.zip,
    ).toBe(stored);
  });
  it.each(['6270', '627012', '62701-12', 'ABCDE', '62 701'])(
    'refuses the US ZIP code %j, next to the field',
    async (zip) => {
      const refused = await checkoutSelectionSchema.safeParseAsync({ ...valid, billing: { ...valid.billing, zip } });
      expect(refused.error?.issues).toEqual([
        expect.objectContaining({ path: ['billing', 'zip'], message: 'Enter a 5-digit ZIP code' }),
      ]);
    },
  );
  it('takes any postal code outside the United States', async () => {
    const billing = { ...valid.billing, country: 'Canada', zip: 'K1A 0B1', phone: '+1 613 555 0100' };
    expect((await checkoutSelectionSchema.parseAsync({ ...valid, billing })).billing).toMatchObject({
      zip: 'K1A 0B1',
      phone: '+16135550100',
    });
  });
  it.each(['555-0100', '123-456-7890', '(312) 555-01', 'call me', '+1'])(
    'refuses the phone number %j',
    async (phone) => {
      const refused = await checkoutSelectionSchema.safeParseAsync({ ...valid, billing: { ...valid.billing, phone } });
      expect(refused.error?.issues).toEqual([
        expect.objectContaining({ path: ['billing', 'phone'], message: 'Enter a phone number with area code' }),
      ]);
    },
  );
});

describe('store names', () => {
  it('prefixes every context but production', () => {
    expect(storeName('orders', 'production')).toBe('orders');
    expect(storeName('orders', 'deploy-preview')).toBe('deploy-preview--orders');
    expect(storeName('orders', undefined)).toBe('orders');
  });
});
