// Each /api route is declared once, in its domain's REST table: the served OpenAPI document and
// docs/routes.md are both written from those rows, and the committed doc must match what they give.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/test-server.ts';
import { DECLARED_ROUTES, DOCUMENTED_ROUTES, restApi } from '../../routers/index.ts';
import { ROUTES_DOC, routesTable, withFreshTable } from '../../scripts/routes-doc.ts';

const server = useTestServer();
const docKey = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('routes declared once', () => {
  it('serves one operation per published row, with its summary, its auth and its success status', async () => {
    const res = await server.api('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, { summary: string; security?: unknown; responses: object }>>;
    const operations = Object.entries(paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    expect(operations.sort()).toEqual(DOCUMENTED_ROUTES.map((r) => `${r.method} ${docKey(r.path)}`).sort());
    for (const route of DOCUMENTED_ROUTES) {
      const op = paths[docKey(route.path)][route.method];
      expect(op.summary).toBe(route.summary);
      expect(Boolean(op.security), `${route.method} ${route.path}`).toBe(Boolean(route.staff));
      expect(Object.keys(op.responses)).toContain(String(route.status ?? 200));
    }
  });

  it('leaves out only the rows marked unpublished, and mounts every declared REST row', () => {
    const left = DECLARED_ROUTES.filter((r) => !DOCUMENTED_ROUTES.includes(r)).map((r) => `${r.method} ${r.path}`);
    expect(left).toEqual(['post /api/auth/passkey/options', 'post /api/auth/passkey/verify']);
    const mounted = new Set(restApi.map((r) => `${r.method} ${r.path}`));
    expect(DECLARED_ROUTES.filter((r) => !mounted.has(`${r.method} ${r.path}`)).map((r) => r.path)).toEqual(['/api/slack/interactive']);
  });

  it('has docs/routes.md as `npm run docs:routes` writes it (run it after changing a route row)', () => {
    const committed = readFileSync(ROUTES_DOC, 'utf8');
    expect(withFreshTable(committed), 'docs/routes.md is stale: run `npm run docs:routes`').toBe(committed);
    for (const route of DECLARED_ROUTES) expect(committed).toContain(`\`${route.method.toUpperCase()} ${route.path}\``);
  });

  it('notices a row the committed doc lacks', () => {
    const committed = readFileSync(ROUTES_DOC, 'utf8');
    const extra = { method: 'get' as const, path: '/api/admin/new-thing', summary: 'A route added later', staff: true };
    expect(withFreshTable(committed, routesTable([...DECLARED_ROUTES, extra]))).not.toBe(committed);
  });
});
