import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { errorMessage, httpStatusOf, refusalReason } from './error-message.ts';

/** A failed call as the tRPC client reports it: the server's message and HTTP status. */
const refused = (message: string, httpStatus: number) => {
  const err = new TRPCClientError<never>(message);
  Object.assign(err, { data: { httpStatus } });
  return err;
};

describe('errorMessage', () => {
  it('shows the message, framed by the prefix when given', () => {
    expect(errorMessage(new Error('disk full'), 'Failed to delete customer', 'Error deleting customer')).toBe(
      'Error deleting customer: disk full',
    );
    expect(errorMessage(refused('Customer not found', 404), 'Failed to delete customer')).toBe('Customer not found');
  });
  it('frames only an unanswered call when asked, and shows a refusal as the server wrote it', () => {
    const save = (err: unknown) => errorMessage(err, 'Failed to save customer', { unanswered: 'Error saving customer' });
    expect(save(new TypeError('Failed to fetch'))).toBe('Error saving customer: Failed to fetch');
    expect(save(refused('This lead was changed by someone else. Please refresh and try again.', 409))).toBe(
      'This lead was changed by someone else. Please refresh and try again.',
    );
    expect(save(new Error(''))).toBe('Failed to save customer');
  });
  it('falls back when the failure carries no message', () => {
    expect(errorMessage(new Error(''), 'Login failed')).toBe('Login failed');
    expect(errorMessage('not an error', 'Login failed', 'Error')).toBe('Login failed');
  });
});

describe('refusalReason and httpStatusOf', () => {
  it('give the server refusal of a 4xx, and nothing for a 5xx or a network failure', () => {
    expect(httpStatusOf(refused('Lead already claimed by Stef', 409))).toBe(409);
    expect(refusalReason(refused('Lead already claimed by Stef', 409))).toBe('Lead already claimed by Stef');
    expect(refusalReason(refused('Internal server error', 500))).toBeUndefined();
    expect(refusalReason(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(httpStatusOf(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
