/**
 * The buying journey's pure rules: the checkout form's own checks (held to the server's
 * schemas), the itemisation shared by the checkout, the confirmation and its e-mail, the edit rules
 * the confirmation promises, the test checkout's card checks and the stored cart.
 */
import { describe, expect, it } from 'vitest';
import { cardMessages, cardNumberProblem, cvcProblem, expiryProblem, passesLuhn } from '#lib/card';
import {
  CHECKOUT_FIELDS,
  EMPTY_CHECKOUT_FIELDS,
  checkCheckout,
  fieldOfServerError,
  fixFieldsMessage,
  type CheckoutFields,
} from '../../checkout-form';
import { fieldsFromOrder, lastPaidOrder } from '../../checkout-prefill';
import { editRules } from '#features/projects/project';
import { itemise, itemText } from '#lib/itemise';
import { messages } from '#lib/messages';
import { editorNoticeText } from '../../order';
import { plausiblePhone } from '#lib/phone';
import { priceOrder } from '#lib/pricing';
import { billingSchema, studentSchema } from '../../order.schema';
import { decodeSelection } from '#stores/order';

const filled: CheckoutFields = {
  ...EMPTY_CHECKOUT_FIELDS,
  studentName: 'Sam Rivera',
  studentGrade: '11',
  studentEmail: 'sam@example.com',
  parentName: 'Pat Rivera',
  parentEmail: 'pat@example.com',
  street: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  phone: '(312) 555-0100',
};

describe('the checkout form', () => {
  it('fills in from an order as the server stored it (the phone in E.164) exactly as it was typed', async () => {
    const { studentName, studentGrade, studentEmail, parentName, parentEmail, street, city, state, zip, phone } =
      filled;
    const student = await studentSchema.parseAsync({
      studentName,
      studentGrade,
      studentEmail,
      parentName,
      parentEmail,
      intendedMajor: 'stem',
    });
    const billing = await billingSchema.parseAsync({ street, city, state, zip, phone });
    expect(billing.phone).toBe('+13125550100');
    const fields = fieldsFromOrder({ student, billing });
    expect(fields).toEqual({ ...filled, intendedMajor: 'stem' });
    expect(checkCheckout(fields).first).toBeNull();
  });

  it('offers the newest paid order, never one left unpaid', () => {
    const unpaid = { id: 'BCC-NEW', payment: { mode: 'test' as const } };
    const paid = { id: 'BCC-PAID', payment: { mode: 'test' as const, paidAt: '2026-11-01T10:00:00.000Z' } };
    const older = { id: 'BCC-OLD', payment: { mode: 'test' as const, paidAt: '2026-10-01T10:00:00.000Z' } };
    expect(lastPaidOrder([unpaid, paid, older])?.id).toBe('BCC-PAID');
    expect(lastPaidOrder([unpaid])).toBeUndefined();
  });

  it('passes a complete form, trimmed and lower-cased as the server will take it', () => {
    const check = checkCheckout({ ...filled, parentEmail: ' Pat@Example.COM ', zip: '627011234' });
    expect(check).toMatchObject({ problems: {}, first: null, summary: null });
    expect(check.values).toMatchObject({ parentEmail: 'pat@example.com', zip: '62701-1234', country: 'United States' });
  });

  it('names each field’s own problem; the first in reading order gets the focus', () => {
    const check = checkCheckout({ ...filled, studentName: ' ', studentEmail: 'sam@', zip: '627', phone: '555-0100' });
    expect(check.problems).toEqual({
      studentName: "Enter the student's name",
      studentEmail: 'Enter an e-mail address like name@example.com',
      zip: 'Enter a 5-digit ZIP code',
      phone: 'Enter a phone number with area code',
    });
    expect(check.first).toBe('studentName');
    expect(Object.keys(check.problems)).toEqual(CHECKOUT_FIELDS.filter((f) => f in check.problems));
  });

  it('keeps the fixed words above the button: billing fields missing, any field missing, or only mistakes', () => {
    expect(checkCheckout({ ...filled, city: '' }).summary).toBe(messages.billingRequired);
    expect(checkCheckout({ ...filled, city: '', studentName: '' }).summary).toBe(messages.requiredFields);
    expect(checkCheckout({ ...filled, zip: '1234' }).summary).toBe(fixFieldsMessage);
  });

  it('checks ZIP codes only for the United States', () => {
    expect(checkCheckout({ ...filled, country: 'Canada', zip: 'K1A 0B1' }).problems).toEqual({});
    expect(checkCheckout({ ...filled, country: 'USA', zip: 'K1A 0B1' }).problems).toEqual({
      zip: 'Enter a 5-digit ZIP code',
    });
  });

  it.each([
    ['(312) 555-0100', true],
    ['312.555.0100', true],
    ['1 312 555 0100', true],
    ['+44 20 7946 0958', true],
    ['(312) 555-0100 ext. 12', true],
    ['555-0100', false],
    ['312-555-010', false],
    ['call me', false],
    ['+1', false],
    ['312-555-0100!', false],
  ])('takes %j as a phone number with its area code: %s', (phone, plausible) => {
    expect(plausiblePhone(phone)).toBe(plausible);
  });

  // The form's rules and the server's schemas must agree, field by field.
  it.each([
    ['studentEmail', 'sam@example'],
    ['parentEmail', '<script>@x.y'],
    ['studentGrade', '13'],
    ['zip', '6270'],
    ['zip', '62701-'],
    ['zip', '62701-1234'],
    ['studentName', ''],
    ['street', ' '],
    ['country', ''],
    ['intendedMajor', ''],
    ['phone', '(312) 555-0100'],
  ] as const)('agrees with the server about %s = %j', async (field, value) => {
    const fields = { ...filled, [field]: value };
    const form = checkCheckout(fields).problems[field] === undefined;
    const [student, billing] = await Promise.all([
      studentSchema.safeParseAsync(fields),
      billingSchema.safeParseAsync(fields),
    ]);
    const issues = [...(student.error?.issues ?? []), ...(billing.error?.issues ?? [])];
    expect(issues.some((issue) => issue.path[0] === field)).toBe(!form);
  });

  it('reads a server refusal as the field’s message', () => {
    expect(fieldOfServerError('billing.phone: Enter a phone number with area code')).toEqual({
      field: 'phone',
      message: 'Enter a phone number with area code',
    });
    expect(fieldOfServerError('billing.zip: zip is required')).toEqual({
      field: 'zip',
      message: 'Enter a 5-digit ZIP code',
    });
    expect(fieldOfServerError('student.studentEmail: email is not a valid address')).toEqual({
      field: 'studentEmail',
      message: 'Enter an e-mail address like name@example.com',
    });
    expect(fieldOfServerError('editorId is required')).toBeNull();
  });
});

describe('itemising an order', () => {
  const order = (full: boolean, owned = false) => ({
    ...priceOrder({
      services: [
        { id: 'supplement-large', quantity: 2 },
        { id: 'common-app-essay', quantity: 1 },
      ],
      editorFull: full,
      addOns: ['community', 'speed48hr'],
      owned: { community: owned, speed24hr: false, speed48hr: false },
    }),
    editor: { name: 'Maya Chen', full },
  });

  it('lists each service with its unit price and quantity, each add-on, and the total', () => {
    expect(itemise(order(false), 'then')).toEqual({
      items: [
        { key: 'supplement-large', label: 'Supplemental Essay Help (Large) × 2', detail: '$100 each', amount: '$200' },
        { key: 'common-app-essay', label: 'Common App Essay Editing', amount: '$300' },
        { key: 'community', label: 'Paid Community Access', amount: '$50' },
        { key: 'speed48hr', label: '48-Hour Response', amount: '$250' },
      ],
      total: '$800',
    });
  });

  it('says why a full editor’s price is what it is, in the tense of the page', () => {
    const [large, essay] = itemise(order(true), 'then').items;
    expect(large).toMatchObject({ detail: '$150 each (1.5x: Maya Chen was fully booked)', amount: '$300' });
    expect(essay).toMatchObject({ detail: '$450 (1.5x: Maya Chen was fully booked)', amount: '$450' });
    expect(itemise(order(true), 'now').items[1].detail).toBe('$450 (1.5x: Maya Chen is fully booked)');
  });

  it('shows an add-on owned before as Included, and the e-mail reads the same lines', () => {
    const { items, total } = itemise(order(false, true), 'then');
    expect(items[2]).toEqual({
      key: 'community',
      label: 'Paid Community Access',
      detail: 'Owned from an earlier order',
      amount: 'Included',
    });
    expect(total).toBe('$750');
    expect(items.map(itemText)).toEqual([
      'Supplemental Essay Help (Large) × 2: $200, $100 each',
      'Common App Essay Editing: $300',
      'Paid Community Access: Included, owned from an earlier order',
      '48-Hour Response: $250',
    ]);
  });

  it('says who heard of the order', () => {
    const editor = { id: 'maya-chen', name: 'Maya Chen', college: '', major: '', full: false };
    expect(editorNoticeText({ editor, editorNotice: 'editor' })).toBe('Your editor, Maya Chen, was notified');
    expect(editorNoticeText({ editor, editorNotice: 'team' })).toBe(
      'Our team was notified and will pass it to your editor',
    );
    expect(editorNoticeText({ editor })).toBe('Our team was notified and will pass it to your editor');
  });
});

describe('the edit rules the confirmation promises', () => {
  it.each([
    [[{ id: 'common-app-essay', quantity: 1 }], 'unlimited revisions for your Common App essay'],
    [[{ id: 'supplement-small', quantity: 1 }], '3 edits for your supplemental essay'],
    [
      [
        { id: 'supplement-small', quantity: 1 },
        { id: 'supplement-large', quantity: 2 },
      ],
      '3 edits for each supplemental essay',
    ],
    [[{ id: 'activity-list', quantity: 1 }], '3 edits for your activity list'],
    [
      [
        { id: 'common-app-essay', quantity: 1 },
        { id: 'supplement-large', quantity: 2 },
        { id: 'activity-list', quantity: 1 },
      ],
      'unlimited revisions for your Common App essay; 3 edits for each supplemental essay and for your activity list',
    ],
  ] as const)('%j: %s', (services, rules) => {
    expect(editRules(services)).toBe(rules);
    expect(editRules(services)).not.toContain('within your services');
  });
});

describe('the test checkout’s card form speaks as Stripe Checkout does', () => {
  it('card numbers: incomplete, invalid by the checksum, or fine', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(cardNumberProblem('4242 4242 4242 4242')).toBeNull();
    expect(cardNumberProblem('4000 0000 0000 0002')).toBeNull(); // the decline card is a real number
    expect(cardNumberProblem('3782 822463 10005')).toBeNull(); // American Express, 15 digits
    expect(cardNumberProblem('4242 4242 4242')).toBe(cardMessages.numberIncomplete);
    expect(cardNumberProblem('')).toBe(cardMessages.numberIncomplete);
    expect(cardNumberProblem('4242 4242 4242 4241')).toBe(cardMessages.numberInvalid);
    expect(cardNumberProblem('4242 4242 4242 42424')).toBe(cardMessages.numberInvalid);
    expect(cardNumberProblem('abcd')).toBe(cardMessages.numberInvalid);
  });

  it('expiry dates: incomplete, in the past, or fine to the end of their month', () => {
    const now = new Date(2026, 10, 15); // November 2026
    expect(expiryProblem('12 / 34', now)).toBeNull();
    expect(expiryProblem('11/26', now)).toBeNull();
    expect(expiryProblem('1130', now)).toBeNull();
    expect(expiryProblem('10 / 26', now)).toBe(cardMessages.expiryPast);
    expect(expiryProblem('12 / 25', now)).toBe(cardMessages.expiryPast);
    expect(expiryProblem('12 /', now)).toBe(cardMessages.expiryIncomplete);
    expect(expiryProblem('123', now)).toBe(cardMessages.expiryIncomplete);
    expect(expiryProblem('', now)).toBe(cardMessages.expiryIncomplete);
    expect(expiryProblem('13 / 30', now)).toBe(cardMessages.expiryMonthInvalid);
  });

  it('security codes: 3 digits, 4 for American Express', () => {
    expect(cvcProblem('123', '4242424242424242')).toBeNull();
    expect(cvcProblem('12', '4242424242424242')).toBe(cardMessages.cvcIncomplete);
    expect(cvcProblem('123', '378282246310005')).toBe(cardMessages.cvcIncomplete);
    expect(cvcProblem('1234', '378282246310005')).toBeNull();
  });
});

describe('the stored cart', () => {
  it('reads back what was stored, and drops what this version does not know', () => {
    const stored = {
      services: { 'activity-list': 2, 'not-a-service': 1, 'supplement-small': -3 },
      editorId: 'maya-chen',
      addOns: ['community', 'bogus'],
    };
    expect(decodeSelection(JSON.stringify(stored))).toEqual({
      services: { 'activity-list': 2, 'supplement-small': 1 },
      editorId: 'maya-chen',
      addOns: ['community'],
    });
  });

  it('falls back to an empty cart for anything else', () => {
    const empty = { services: {}, editorId: null, addOns: [] };
    for (const raw of [undefined, '', 'not json', 'null', '42', '{"addOns":"x"}'])
      expect(decodeSelection(raw)).toMatchObject(empty);
    expect(
      decodeSelection(JSON.stringify({ services: {}, editorId: null, addOns: ['speed24hr', 'speed48hr'] })).addOns,
    ).toEqual(['speed24hr']);
  });
});
