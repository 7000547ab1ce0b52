// Staff password rules over HTTP: a new password is at least 12 characters, not a common one, and
// differs from the current one; each refusal is a 400 with a clear message and changes nothing.
import { describe, expect, it } from 'vitest';
import { createStaffWithToken, useTestServer } from '../helpers/test-server.ts';

const server = useTestServer();
const change = (token: string, currentPassword: string, newPassword: string) =>
  server.api('POST', '/api/auth/change-password', { token, body: { currentPassword, newPassword } });
const me = async (token: string) => (await server.api('GET', '/trpc/auth.me', { token })).status;

describe('a new staff password', () => {
  it('is refused when shorter than 12, common, or the same as the current one', async () => {
    const { token } = await createStaffWithToken(server, { name: 'Rule Rae', email: 'rae@example.com', password: 'rae-current-pass' });
    const cases: [string, RegExp][] = [
      ['elevenchars', /^newPassword: Staff passwords must be at least 12 characters long$/],
      ['password1234', /^newPassword: That password is too common/],
      ['qwertyuiop12', /^newPassword: That password is too common/],
      ['aaaaaaaaaaaaaa', /^newPassword: That password is too common/],
      ['rae-current-pass', /^The new password must differ from the current one$/],
    ];
    for (const [candidate, message] of cases) {
      const res = await change(token, 'rae-current-pass', candidate);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
      expect(await me(token)).toBe(200);
    }
    expect((await change(token, 'rae-current-pass', 'a-much-better-one')).status).toBe(200);
  });

  it('keeps the message for fewer than 8 characters', async () => {
    const { token } = await createStaffWithToken(server, { name: 'Rule Ray', email: 'ray@example.com', password: 'ray-current-pass' });
    const res = await change(token, 'ray-current-pass', 'short');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/Password must be at least 8 characters long/);
  });
});
