import { describe, expect, it } from 'vitest';
import { isEmail, normalizeEmail } from '../../src/lib/email';
import { checkoutSelectionSchema, editorInputSchema, inquirySchema, subscribeSchema, testLabel } from '../../src/lib/schemas';
import { storeName } from '../../netlify/server/stores';

describe('e-mail addresses', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
    expect(subscribeSchema.parse({ email: ' A@B.co ' })).toEqual({ email: 'a@b.co' });
  });

  it.each(['plain', 'a@b', 'a b@c.de', '@c.de', 'a@.', ''])('rejects %j', (email) => {
    expect(isEmail(email)).toBe(false);
    expect(subscribeSchema.safeParse({ email }).success).toBe(false);
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
});

describe('editor input', () => {
  const valid = {
    name: 'Ada', image: '', college: 'MIT', major: 'Math', sat: '1600', gpa: '4.0',
    ecs: '', strengths: '', slotsOpen: 0, totalSlots: 5,
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
  it('accepts the minimum and fills the defaults', () => {
    expect(inquirySchema.parse(valid)).toMatchObject({ services: [], preferredEditor: 'any', turnaround: 'standard' });
  });
  it('refuses an unknown major or service', () => {
    expect(inquirySchema.safeParse({ ...valid, intendedMajor: 'STEM!' }).success).toBe(false);
    expect(inquirySchema.safeParse({ ...valid, services: ['hacking'] }).success).toBe(false);
  });
});

describe('checkout selection', () => {
  const valid = {
    services: [{ id: 'activity-list', quantity: 2 }],
    editorId: 'maya-chen',
    addOns: ['speed24hr'],
    student: { studentName: 'Sam', studentGrade: '11', studentEmail: 's@x.io', parentName: 'Pat', parentEmail: 'p@x.io' },
    billing: { street: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', phone: '555-0100' },
  };
  it('accepts a selection and defaults the country', () => {
    expect(checkoutSelectionSchema.parse(valid).billing.country).toBe('United States');
  });
  it('ignores any price the browser adds', () => {
    const parsed = checkoutSelectionSchema.parse({ ...valid, total: 1, services: [{ id: 'activity-list', quantity: 2, price: 1 }] });
    expect(parsed).not.toHaveProperty('total');
    expect(parsed.services[0]).not.toHaveProperty('price');
  });
  it('refuses both speed upgrades at once, no service, or a repeated service', () => {
    expect(checkoutSelectionSchema.safeParse({ ...valid, addOns: ['speed24hr', 'speed48hr'] }).success).toBe(false);
    expect(checkoutSelectionSchema.safeParse({ ...valid, services: [] }).success).toBe(false);
    const twice = [{ id: 'activity-list', quantity: 1 }, { id: 'activity-list', quantity: 1 }];
    expect(checkoutSelectionSchema.safeParse({ ...valid, services: twice }).success).toBe(false);
  });
});

describe('store names (DESIGN §3)', () => {
  it('prefixes every context but production', () => {
    expect(storeName('orders', 'production')).toBe('orders');
    expect(storeName('orders', 'deploy-preview')).toBe('deploy-preview--orders');
    expect(storeName('orders', undefined)).toBe('orders');
  });
});
