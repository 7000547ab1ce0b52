// A call refused with a token this browser has since replaced (a password change in between) is sent
// again with the new token instead of ending the new session; any other answer is passed on as is.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beginTokenRotation } from './session.ts';
import { fetchWithCurrentToken } from './trpc.ts';

function browserHolding(token: string | null) {
  const store = new Map<string, string>(token ? [['token', token]] : []);
  vi.stubGlobal('window', { localStorage: { getItem: (k: string) => store.get(k) ?? null } });
  return store;
}

/** A server that knows only `valid` and records the token of each call. */
function server(valid: string, onCall?: () => void) {
  const seen: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const auth = (init?.headers as Record<string, string>).Authorization ?? '';
      seen.push(auth);
      onCall?.();
      return new Response('{}', { status: auth === `Bearer ${valid}` ? 200 : 401 });
    }),
  );
  return seen;
}

afterEach(() => vi.unstubAllGlobals());

describe('fetchWithCurrentToken', () => {
  it('sends a call refused with a replaced token once more with the current one', async () => {
    const store = browserHolding('old');
    // The password change lands while the call is on its way.
    const seen = server('new', () => store.set('token', 'new'));
    const response = await fetchWithCurrentToken('/trpc/leads.list', { headers: { Authorization: 'Bearer old' } });
    expect(response.status).toBe(200);
    expect(seen).toEqual(['Bearer old', 'Bearer new']);
  });

  it('waits for a password change under way when the 401 comes before its answer, then sends with the new token', async () => {
    const store = browserHolding('old');
    const seen = server('new');
    const endRotation = beginTokenRotation();
    const answer = fetchWithCurrentToken('/trpc/leads.list', { headers: { Authorization: 'Bearer old' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual(['Bearer old']); // refused, and waiting
    store.set('token', 'new'); // the change answers and stores its token
    endRotation();
    expect((await answer).status).toBe(200);
    expect(seen).toEqual(['Bearer old', 'Bearer new']);
  });

  it('never holds a sign-in call back, the password change itself included', async () => {
    browserHolding('old');
    server('other');
    const endRotation = beginTokenRotation();
    try {
      const response = await fetchWithCurrentToken('/trpc/auth.changePassword', { headers: { Authorization: 'Bearer old' } });
      expect(response.status).toBe(401);
    } finally {
      endRotation();
    }
  });

  it('passes a 401 on when the token it carried is still the one held', async () => {
    browserHolding('old');
    const seen = server('other');
    const response = await fetchWithCurrentToken('/trpc/leads.list', { headers: { Authorization: 'Bearer old' } });
    expect(response.status).toBe(401);
    expect(seen).toHaveLength(1);
  });

  it('does not send again after a sign-out', async () => {
    const store = browserHolding('old');
    const seen = server('new', () => store.delete('token'));
    const response = await fetchWithCurrentToken('/trpc/leads.list', { headers: { Authorization: 'Bearer old' } });
    expect(response.status).toBe(401);
    expect(seen).toHaveLength(1);
  });
});
