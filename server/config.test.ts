import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'config-test-'));

describe('loadConfig', () => {
  it('applies the CONTRACT.md defaults', () => {
    const c = loadConfig({ DATA_DIR: dataDir() });
    expect(c.PORT).toBe(3000);
    expect(c.ADMIN_HOSTS).toEqual(['admin.localhost']);
    expect(c.MONGODB_URI).toBeUndefined();
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), MONGODB_URI: 'http://db' })).toThrow(/MONGODB_URI: must start with mongodb/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long-enough-1' })).toThrow(ConfigError);
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' })).toThrow(/JWT_SECRET: is required when NODE_ENV=production/);
  });

  it('generates the signing key once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
  });

  it('splits ADMIN_HOSTS and treats empty variables as unset', () => {
    const c = loadConfig({ DATA_DIR: dataDir(), ADMIN_HOSTS: 'Admin.Example.com, admin.localhost', GOOGLE_CLIENT_ID: '' });
    expect(c.ADMIN_HOSTS).toEqual(['admin.example.com', 'admin.localhost']);
    expect(c.GOOGLE_CLIENT_ID).toBeUndefined();
  });

  it('refuses an unknown time zone, naming TIME_ZONE', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), TIME_ZONE: 'Mars/Base' })).toThrow(/TIME_ZONE: must be an IANA time zone/);
    expect(loadConfig({ DATA_DIR: dataDir(), TIME_ZONE: 'Europe/Paris' }).TIME_ZONE).toBe('Europe/Paris');
  });

  it('refuses a malformed TRUST_PROXY and asks for hops or addresses instead of true', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY: must be a hop count/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.1, 999.1.1.1' })).toThrow(/TRUST_PROXY: must be a hop count/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true trusts any client-sent address: set the number of proxy hops/,
    );
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '1' }).TRUST_PROXY).toBe('1');
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/8, loopback' }).TRUST_PROXY).toBe('10.0.0.0/8, loopback');
  });
});
