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
});
