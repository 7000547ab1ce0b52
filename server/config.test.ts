import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'config-test-'));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
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

  it('requires JWT_SECRET and DATA_ENCRYPTION_KEY in production', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' })).toThrow(/JWT_SECRET: is required when NODE_ENV=production/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toThrow(
      /DATA_ENCRYPTION_KEY: is required when NODE_ENV=production/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATA_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(/DATA_ENCRYPTION_KEY: must be 32 bytes/);
  });

  it('generates both keys once into a key file outside DATA_DIR, readable by its owner only', () => {
    const dir = dataDir();
    const keyFile = path.join(mkdtempSync(path.join(tmpdir(), 'config-keys-')), 'keys.json');
    const first = loadConfig({ DATA_DIR: dir, KEY_FILE: keyFile });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir, KEY_FILE: keyFile }).jwtSecret).toBe(first.jwtSecret);
    const content = JSON.parse(readFileSync(keyFile, 'utf8'));
    expect(content.jwtSecret).toBe(first.jwtSecret);
    expect(Buffer.from(content.dataKeys[0], 'base64')).toHaveLength(32);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('by default keeps the key file in the per-user config folder, one per data folder', () => {
    const dir = dataDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.keyFile).toBe(path.join(process.env.XDG_CONFIG_HOME!, 'brokerage-site', path.basename(c.keyFile!)));
    expect(loadConfig({ DATA_DIR: dataDir() }).keyFile).not.toBe(c.keyFile);
  });

  it('refuses a KEY_FILE inside DATA_DIR', () => {
    const dir = dataDir();
    expect(() => loadConfig({ DATA_DIR: dir, KEY_FILE: path.join(dir, 'keys.json') })).toThrow(/KEY_FILE: must be outside DATA_DIR/);
    expect(() => loadConfig({ DATA_DIR: dir, KEY_FILE: dir })).toThrow(/KEY_FILE: must be outside DATA_DIR/);
  });

  it('no longer trusts, and deletes, a signing key an earlier version left in DATA_DIR', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'jwt-secret'), 'legacy-secret-legacy-secret-legacy-secret\n');
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.jwtSecret).not.toContain('legacy');
    expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
  });

  it('writes no key file when the environment holds both keys', () => {
    const dir = dataDir();
    const keyFile = path.join(mkdtempSync(path.join(tmpdir(), 'config-keys-')), 'keys.json');
    const key = Buffer.alloc(32, 7).toString('base64');
    const c = loadConfig({ DATA_DIR: dir, KEY_FILE: keyFile, JWT_SECRET: 'j'.repeat(40), DATA_ENCRYPTION_KEY: key });
    expect(c.keyFile).toBeUndefined();
    expect(existsSync(keyFile)).toBe(false);
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
