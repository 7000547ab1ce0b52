// The lead form's reasons per field, from the schema's issues and from an API refusal's text.
import { describe, expect, it } from 'vitest';
import { referralInput } from './lead.ts';
import { fieldErrorFromMessage, fieldErrorsOf, firstBadField } from './lead-form.ts';

describe('fieldErrorsOf', () => {
  it('keeps the first reason of each of the three fields, in the form order, and nothing else', () => {
    const parsed = referralInput.safeParse({ name: '  ', email: 'jane@gmail', phone: '5' });
    expect(parsed.success).toBe(false);
    const errors = fieldErrorsOf(parsed.error!.issues);
    expect(errors).toEqual({ name: 'Name is required', email: 'Enter a valid email address', phone: 'Phone must have 7 to 15 digits' });
    expect(firstBadField(errors)).toBe('name');
    expect(fieldErrorsOf([{ path: ['pageUrl'], message: 'pageUrl must be a path' }])).toEqual({});
    expect(firstBadField({})).toBeUndefined();
  });
});

describe('fieldErrorFromMessage', () => {
  it('reads the field an API refusal names, and only a field of the form', () => {
    expect(fieldErrorFromMessage('email: Enter a valid email address')).toEqual({ email: 'Enter a valid email address' });
    expect(fieldErrorFromMessage('phone: Phone must have 7 to 15 digits')).toEqual({ phone: 'Phone must have 7 to 15 digits' });
    expect(fieldErrorFromMessage('pageUrl: pageUrl must be a path of this site')).toBeNull();
    expect(fieldErrorFromMessage('Too many submissions. Please try again in 9 minutes.')).toBeNull();
    expect(fieldErrorFromMessage(undefined)).toBeNull();
  });
});
