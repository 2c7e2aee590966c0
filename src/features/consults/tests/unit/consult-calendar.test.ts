/**
 * The consult's calendar files, as the e-mails carry them, read back by an independent parser
 * (ical.js): the invite (METHOD:REQUEST) and its cancellation (METHOD:CANCEL) share one UID, the
 * cancellation has the higher SEQUENCE, and DTSTART is the slot's instant on either side of the
 * spring-forward change in New York.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { consultUid } from '../../server/consult-calendar';
import { cancellationMails, confirmationMails } from '../../server/consult-mail';
import type { ConsultBooking } from '../../server/consults.repo';
import { slotEnd } from '../../consult-rules';

function booking(start: string): ConsultBooking {
  return {
    id: '6f1c3f7e-2f4a-4a7e-9a55-0d7c1c1e2b3a',
    start,
    end: slotEnd(start),
    name: 'Pat "The Parent", Rivera^2',
    email: 'pat@example.com',
    intendedMajor: 'stem',
    preferredEditor: 'any',
    timeZone: 'Asia/Kolkata',
    status: 'booked',
    sequence: 0,
    createdAt: '2026-03-01T12:00:00.000Z',
    history: [{ type: 'booked', at: '2026-03-01T12:00:00.000Z' }],
  };
}

function cancelled(b: ConsultBooking): ConsultBooking {
  return {
    ...b,
    status: 'cancelled',
    sequence: b.sequence + 1,
    history: [...b.history, { type: 'cancelled', at: '2026-03-02T09:00:00.000Z', by: 'visitor' }],
  };
}

/** The calendar a mail carries, parsed: its METHOD and its one event. */
function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  return { method: calendar.getFirstPropertyValue('method'), event: new ICAL.Event(events[0]), vevent: events[0] };
}

const now = new Date('2026-03-01T12:00:00.000Z');
const invite = (b: ConsultBooking) =>
  confirmationMails(b, { token: 'x'.repeat(43), editorName: null, now })[0].icalEvent!;
const cancellation = (b: ConsultBooking) => cancellationMails(b, { now })[0].icalEvent!;

describe.each([
  ['Friday 6 March 2026, 10:00 EST (before the change)', '2026-03-06T15:00:00.000Z'],
  ['Monday 9 March 2026, 10:00 EDT (after the change)', '2026-03-09T14:00:00.000Z'],
])('a consult on %s', (_, start) => {
  const booked = booking(start);

  it('is invited with METHOD:REQUEST, its own UID, SEQUENCE 0 and the slot as DTSTART/DTEND', () => {
    const { method, filename } = invite(booked);
    const { method: parsedMethod, event, vevent } = parse(invite(booked).content);
    expect([method, parsedMethod, filename]).toEqual(['REQUEST', 'REQUEST', 'consult.ics']);
    expect(event.uid).toBe(consultUid(booked.id));
    expect(event.sequence).toBe(0);
    expect(event.startDate.toJSDate().toISOString()).toBe(start);
    expect(event.endDate.toJSDate().toISOString()).toBe(booked.end);
    expect(event.startDate.zone.tzid).toBe('UTC');
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(event.organizer).toBe('mailto:hello@beaconcollegecounsel.com');
    expect(event.attendees.map((a) => a.getFirstValue())).toEqual(['MAILTO:pat@example.com']);
    // The invite goes to an address nobody confirmed: the attendee is named by the cleaned first name only.
    expect(event.attendees[0].getParameter('cn')).toBe('Pat');
    expect(event.description).toContain('/cancel-consult#token=' + 'x'.repeat(43));
  });

  it('is cancelled with METHOD:CANCEL, the same UID, a higher SEQUENCE and the same time', () => {
    const request = parse(invite(booked).content).event;
    const { method, filename, content } = cancellation(cancelled(booked));
    const { method: parsedMethod, event, vevent } = parse(content);
    expect([method, parsedMethod, filename]).toEqual(['CANCEL', 'CANCEL', 'consult-cancelled.ics']);
    expect(event.uid).toBe(request.uid);
    expect(event.sequence).toBeGreaterThan(request.sequence);
    expect(event.startDate.toJSDate().toISOString()).toBe(start);
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
  });
});

it('gives every booking its own UID', () => {
  const other = { ...booking('2026-03-09T14:00:00.000Z'), id: '0b9d2c1a-1111-4222-8333-944455556666' };
  expect(parse(invite(other).content).event.uid).not.toBe(
    parse(invite(booking('2026-03-09T14:00:00.000Z')).content).event.uid,
  );
});
