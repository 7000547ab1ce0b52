import { describe, expect, it } from 'vitest';
import { emptyForm, fieldErrorFromServer, formErrors } from './customer-form.ts';

const filled = {
  ...emptyForm({ name: 'Ann Lee', email: 'ann@example.com', phone: '(303) 555-1234' }),
  age: '40',
  insuranceProvider: 'Aetna',
};

describe('customer form checks', () => {
  it('passes a complete form, and one without age and provider where they may be missing', () => {
    expect(formErrors(filled, [])).toEqual({});
    expect(formErrors({ ...filled, age: '', insuranceProvider: '' }, ['age', 'insuranceProvider'])).toEqual({});
    expect(formErrors({ ...filled, age: '' }, ['insuranceProvider'])).toEqual({ age: 'Age is required' });
  });

  it('reports every problem at once, each under its own field', () => {
    const errors = formErrors(
      { ...filled, name: ' ', email: 'nope', age: '130', insuranceProvider: '', hasKids: true, kidsCount: '', kidsAges: 'four' },
      [],
    );
    expect(errors).toEqual({
      name: 'Name is required',
      email: 'Enter a valid email address',
      age: 'Age must be between 1 and 120',
      insuranceProvider: 'Insurance provider is required',
      kidsCount: 'Number of children is required when the customer has kids (1 to 20)',
      kidsAges: 'Kids ages must be a comma-separated list of numbers from 0 to 99, like 4, 9',
    });
  });

  it('checks the kids rule with the other fields', () => {
    expect(formErrors({ ...filled, email: 'bad', hasKids: true, kidsCount: '1', kidsAges: '3, 5' }, [])).toEqual({
      email: 'Enter a valid email address',
      kidsAges: 'Kids ages lists 2 ages for 1 children',
    });
  });

  it("turns a server refusal naming a field into that field's message", () => {
    expect(fieldErrorFromServer('customer.kidsAges: Kids ages lists 2 ages for 1 children', filled)).toEqual({
      kidsAges: 'Kids ages lists 2 ages for 1 children',
    });
    expect(fieldErrorFromServer('age: Age is required', filled)).toEqual({ age: 'Age is required' });
    expect(fieldErrorFromServer('Customer not found', filled)).toBeNull();
    expect(fieldErrorFromServer('leadId: leadId is required', filled)).toBeNull();
  });
});
