// Phones in one stored form, one comparison key and one display form.
import { describe, expect, it } from 'vitest';
import { formatPhone, normalisePhone, phoneKey } from './phone.ts';
import { phoneNumber, phoneSearchDigits } from './lead.ts';
import { customerInput } from './customer.ts';

describe('the phone field', () => {
  it('stores a possible US number as E.164 however it was typed', () => {
    for (const typed of ['303-555-7001', '(303) 555 7001', '1 303 555 7001', '+1 303 555 7001', ' 303.555.7001 '])
      expect(phoneNumber.parse(typed)).toBe('+13035557001');
  });

  it('stores another country written with + as E.164, and anything else trimmed as typed', () => {
    expect(phoneNumber.parse('+44 20 7946 0958')).toBe('+442079460958');
    expect(phoneNumber.parse(' 555-7001 ')).toBe('555-7001');
    expect(phoneNumber.parse('+44 1234 5')).toBe('+44 1234 5');
    expect(normalisePhone('0044 20 7946 0958')).toBe('0044 20 7946 0958');
  });

  it('keeps its messages for bad input', () => {
    expect(phoneNumber.safeParse('  ').error?.issues[0].message).toBe('Phone is required');
    expect(phoneNumber.safeParse('555-012').error?.issues.map((i) => i.message)).toEqual(['Phone must have 7 to 15 digits']);
    expect(phoneNumber.safeParse('call 303 555 7001').error?.issues[0].message).toBe('Phone may contain only digits, spaces and + ( ) . -');
    expect(phoneNumber.safeParse('1'.repeat(31)).error?.issues[0].message).toBe('Phone must be at most 30 characters');
  });

  it('normalises a customer phone too', () => {
    const parsed = customerInput.safeParse({
      name: 'Cy',
      email: 'cy@example.com',
      phone: '303 555 7001',
      age: 40,
      insuranceProvider: 'Aetna',
    });
    expect(parsed.data?.phone ?? parsed.error?.issues).toBe('+13035557001');
  });
});

describe('comparing and showing phones', () => {
  it('compares a US number without its country code, in keys and searches alike', () => {
    expect(phoneKey('+13035557001')).toBe('3035557001');
    expect(phoneKey('(303) 555-7001')).toBe('3035557001');
    expect(phoneKey('+442079460958')).toBe('442079460958');
    expect(phoneSearchDigits('+1 303 555 7001')).toBe('3035557001');
    expect(phoneSearchDigits('555-7001')).toBe('5557001');
    expect(phoneSearchDigits('anna3')).toBe('');
  });

  it('formats stored numbers for reading and leaves other text alone', () => {
    expect(formatPhone('+13035557001')).toBe('(303) 555-7001');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhone('(303) 555-7001')).toBe('(303) 555-7001');
    expect(formatPhone('555-7001')).toBe('555-7001');
  });
});
