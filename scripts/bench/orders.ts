/** The orders the benches store: small supplements with one of the demo editors, as checkout makes them. */
import type { DEMO_EDITORS } from '#features/editors/server/seed';
import type { Order } from '#features/orders/order';

type OrderDraft = Omit<Order, 'id' | 'status' | 'createdAt' | 'updatedAt'>;

/** `units` small supplements with `editor` for the family `uid`; the student and parent as given, or Sam and Pat. */
export function benchOrderDraft(
  uid: string,
  editor: (typeof DEMO_EDITORS)[number],
  units: number,
  people: Partial<Order['student']> = {},
): OrderDraft {
  return {
    customer: { uid, email: `${uid}@example.com` },
    editor: { id: editor.id, name: editor.name, college: editor.college, major: editor.major, full: false },
    serviceLines: [
      {
        id: 'supplement-small',
        title: 'Supplemental Essay Help (Small)',
        unitCents: 7500,
        quantity: units,
        totalCents: 7500 * units,
      },
    ],
    addOnLines: [],
    turnaround: { id: 'standard', label: 'Standard 3-5 days' },
    turnaroundFeeCents: 0,
    totalCents: 7500 * units,
    student: {
      studentName: 'Sam',
      studentGrade: '11',
      studentEmail: 'sam@example.com',
      parentName: 'Pat',
      parentEmail: 'pat@example.com',
      intendedMajor: '',
      ...people,
    },
    billing: {
      street: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      country: 'United States',
      phone: '+13125550100',
    },
    payment: { mode: 'test' },
  };
}
