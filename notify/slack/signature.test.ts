// Slack's v0 request signature: the documented example verifies, anything altered or stale does not.
import { describe, expect, it } from 'vitest';
import { signSlackRequest, verifySlackSignature } from './signature.ts';

// The example from Slack's "Verifying requests from Slack" page.
const secret = '8f742231b10e8888abcd99yyyzzz85a5';
const timestamp = '1531420618';
const body = Buffer.from(
  'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c',
);
const signature = 'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503';
const at = (s: number) => new Date(s * 1000);

describe('verifySlackSignature', () => {
  it('accepts Slack documented example within five minutes', () => {
    expect(signSlackRequest(secret, timestamp, body)).toBe(signature);
    expect(verifySlackSignature({ secret, timestamp, signature, body, now: at(1531420618 + 299) })).toEqual({ ok: true });
  });

  it('refuses a changed body, another secret, a missing header and an old timestamp', () => {
    const now = at(1531420618);
    expect(
      verifySlackSignature({ secret, timestamp, signature, body: Buffer.from(body.toString().replace('roadrunner', 'coyote')), now }),
    ).toEqual({ ok: false, reason: 'Invalid Slack signature' });
    expect(verifySlackSignature({ secret: 'other', timestamp, signature, body, now })).toEqual({
      ok: false,
      reason: 'Invalid Slack signature',
    });
    expect(verifySlackSignature({ secret, timestamp, signature: undefined, body, now })).toEqual({
      ok: false,
      reason: 'Missing Slack signature',
    });
    expect(verifySlackSignature({ secret, timestamp, signature: 'v0=short', body, now })).toEqual({
      ok: false,
      reason: 'Invalid Slack signature',
    });
    expect(verifySlackSignature({ secret, timestamp, signature, body, now: at(1531420618 + 301) })).toEqual({
      ok: false,
      reason: 'Stale Slack request',
    });
  });
});
