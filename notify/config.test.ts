// The notification variables (README.md, Configuration): each feature off when unset, bad values named at start.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'notify-config-'));

describe('notification settings', () => {
  it('are off by default, and links point at http://localhost:PORT', () => {
    const c = loadConfig({ DATA_DIR: dataDir(), PORT: '4100' });
    expect(c.SLACK_WEBHOOK_URL).toBeUndefined();
    expect(c.SMTP_URL).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:4100');
  });

  it('split LEADS_NOTIFY_EMAIL and trim PUBLIC_URL', () => {
    const c = loadConfig({ DATA_DIR: dataDir(), LEADS_NOTIFY_EMAIL: 'a@x.com, b@y.org', PUBLIC_URL: 'https://www.example.com/' });
    expect(c.LEADS_NOTIFY_EMAIL).toEqual(['a@x.com', 'b@y.org']);
    expect(c.publicUrl).toBe('https://www.example.com');
  });

  it('name the bad variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL: must look like smtp:/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(
      /MAIL_FROM: is required when SMTP_URL is set/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), LEADS_NOTIFY_EMAIL: 'team, b@y.org' })).toThrow(/LEADS_NOTIFY_EMAIL/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SLACK_WEBHOOK_URL: 'ftp://hooks.example.com/x' })).toThrow(/SLACK_WEBHOOK_URL/);
  });
});
