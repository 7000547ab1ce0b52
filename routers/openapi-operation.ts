// One route's entry in GET /api/openapi.json: its path and query parameters, its body, its answer and the
// error statuses it may give, written from the route's row and its zod schemas.
import { z } from 'zod';
import type { DocumentedRoute } from './rest.ts';
import { apiError, healthAnswer } from '../schemas/api.ts';

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad input',
  401: 'No or bad token',
  403: 'Not allowed for this account',
  404: 'Unknown id or route',
  409: 'Conflict with the current state',
  413: 'Body too large',
  415: 'Body is not JSON',
  429: 'Rate limited',
  503: 'Database unavailable',
};

/** Input side of a schema (what a caller sends), without the `$schema` key. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<
    string,
    unknown
  >;
  return rest;
}

/** A body schema without the fields the path carries (the REST adapters take those from the URL). */
function bodySchema(schema: z.ZodType, pathParams: string[]) {
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  for (const p of pathParams) delete json.properties?.[p];
  if (json.required) json.required = json.required.filter((r) => !pathParams.includes(r));
  return json;
}

export function operation(route: DocumentedRoute) {
  const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const params: { name: string; in: string; required: boolean; schema: unknown }[] = pathParams.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string', minLength: 1, maxLength: 64 },
  }));
  if (route.query) {
    const q = jsonSchema(route.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, schema] of Object.entries(q.properties ?? {}))
      params.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
  }
  const errorCodes = [400, ...(route.staff ? [401, 403] : []), 404, 409, 413, 415, 429, 503];
  if (route.method === 'post' && !route.staff && route.path.startsWith('/api/auth')) errorCodes.push(401, 403);
  if (route.form) errorCodes.push(401);
  const error = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  const okStatus = route.status ?? 200;
  const ok =
    okStatus === 204
      ? { description: 'Accepted' }
      : route.csv
        ? { description: 'CSV file', content: { 'text/csv': { schema: { type: 'string' } } } }
        : { description: 'OK', content: { 'application/json': { schema: route.answer ? jsonSchema(route.answer, 'output') : {} } } };
  return {
    summary: route.summary,
    ...(route.staff ? { security: [{ bearerAuth: [] }] } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: bodySchema(route.body, pathParams) } } } }
      : {}),
    ...(route.form
      ? { requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: jsonSchema(route.form, 'input') } } } }
      : {}),
    responses: {
      [okStatus]: ok,
      // Health answers 503 in its own shape, `{ status, db: "down" }`.
      ...Object.fromEntries(
        errorCodes.map((c) => [
          c,
          route.path === '/api/health' && c === 503
            ? { description: ERROR_TEXT[c], content: { 'application/json': { schema: jsonSchema(healthAnswer, 'output') } } }
            : { description: ERROR_TEXT[c], ...error },
        ]),
      ),
    },
  };
}

/** The shape of every error answer. */
export const errorSchema = () => jsonSchema(apiError, 'output');
