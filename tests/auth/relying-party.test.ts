// Passkey origins are pinned to the console's own origin, port included: a page served by another
// program on another port of the same host cannot use the console's passkeys.
import { describe, expect, it } from 'vitest';
import type { Request } from 'express';
import type { Config } from '../../server/config.ts';
import { relyingPartyOf } from '../../server/relying-party.ts';

const config = { publicUrl: 'http://localhost:3000', ADMIN_HOSTS: ['admin.localhost'] } as unknown as Config;
const request = (hostname: string, origin: string | undefined, listenPort = 3000) =>
  ({
    hostname,
    protocol: 'http',
    socket: { localPort: listenPort },
    get: (name: string) => (name.toLowerCase() === 'origin' ? origin : `${hostname}:${listenPort}`),
  }) as unknown as Request;

describe('the passkey relying party', () => {
  it('takes the configured origin and the listening port of an allowed host', () => {
    expect(relyingPartyOf(request('localhost', 'http://localhost:3000'), config)).toEqual({
      rpID: 'localhost',
      origin: 'http://localhost:3000',
    });
    expect(relyingPartyOf(request('admin.localhost', 'http://admin.localhost:3000'), config).origin).toBe('http://admin.localhost:3000');
    // A server started on another port (PORT) than PUBLIC_URL's answers on its own port too.
    expect(relyingPartyOf(request('localhost', 'http://localhost:4100', 4100), config).origin).toBe('http://localhost:4100');
  });

  it('refuses another port or another host with 400', () => {
    for (const [host, origin] of [
      ['localhost', 'http://localhost:8080'],
      ['admin.localhost', 'http://admin.localhost:5173'],
      ['localhost', 'http://evil.localhost:3000'],
    ] as const)
      expect(() => relyingPartyOf(request(host, origin), config)).toThrow(/own address/);
  });
});
