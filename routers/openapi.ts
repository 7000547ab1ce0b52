// GET /api/openapi.json: the documented /api routes (docs/product.md §7, CONTRACT.md), their request bodies,
// queries and answers, generated from the shared zod schemas so the document cannot drift from them.
import { z } from 'zod';
import type { MountableRoute } from './rest.ts';
import { changePasswordInput, googleLoginInput, loginInput } from '../schemas/auth.ts';
import { mfaInput, totpConfirmInput } from '../schemas/second-factor.ts';
import { activityExportInput, leadClaimInput, leadCreateInput, leadUpdateInput } from '../schemas/lead.ts';
import { customerCreateInput, customerUpdateInput } from '../schemas/customer.ts';
import { customerExportQuery } from '../schemas/customer-filters.ts';
import { referralSubmission } from '../schemas/site.ts';
import { CONVERSION_ROUTES } from './openapi-conversion.ts';
import { IMPORT_ROUTES } from './openapi-import.ts';
import { COMPLIANCE_ROUTES } from './openapi-compliance.ts';
import { COMMISSION_ROUTES } from './openapi-commissions.ts';
import { analyticsQuery, trackVisitInput } from '../schemas/analytics.ts';
import * as answers from '../schemas/api.ts';

type Method = 'get' | 'post' | 'put' | 'delete';

export interface DocumentedRoute {
  method: Method;
  /** Express form (`:leadId`); the document writes `{leadId}`. */
  path: string;
  summary: string;
  /** Needs a staff bearer token. */
  staff?: boolean;
  body?: z.ZodType;
  /** A form-encoded body instead of JSON. */
  form?: z.ZodObject;
  query?: z.ZodObject;
  status?: number;
  answer?: z.ZodType;
  /** The answer is a CSV file. */
  csv?: boolean;
}

const leadPath = '/api/admin/leads/:leadId';
const customerPath = '/api/admin/customers/:customerId';

/** Every documented /api route. The test beside the REST tables checks that each mounted route is here. */
export const DOCUMENTED_ROUTES: DocumentedRoute[] = [
  { method: 'get', path: '/api/health', summary: 'Service and database health', answer: answers.healthAnswer },
  { method: 'get', path: '/api/openapi.json', summary: 'This document', answer: z.looseObject({ openapi: z.string() }) },
  {
    method: 'post',
    path: '/api/referral',
    summary: 'The public lead form',
    body: referralSubmission,
    status: 201,
    answer: answers.referralAnswer,
  },
  { method: 'post', path: '/api/track-visit', summary: 'Report a page visit', body: trackVisitInput, status: 204 },
  {
    method: 'post',
    path: '/api/auth/login',
    summary: 'Staff sign-in with email and password (an account with a second factor gets mfaRequired and no token)',
    body: loginInput,
    answer: answers.signInAnswer,
  },
  {
    method: 'post',
    path: '/api/auth/mfa',
    summary: 'The second step of a sign-in: an authenticator or recovery code',
    body: mfaInput,
    answer: answers.sessionAnswer,
  },
  {
    method: 'post',
    path: '/api/auth/google-login',
    summary: 'Staff sign-in with a Google credential (the second factor applies as for a password)',
    body: googleLoginInput,
    answer: answers.signInAnswer,
  },
  {
    method: 'post',
    path: '/api/auth/totp/setup',
    summary: 'Start adding an authenticator app (step-up: docs/api.md): a secret and its otpauth URL',
    staff: true,
    answer: answers.totpSetupAnswer,
  },
  {
    method: 'post',
    path: '/api/auth/totp/confirm',
    summary: 'Turn the authenticator app on with a code from it (step-up: docs/api.md); answers ten recovery codes',
    staff: true,
    body: totpConfirmInput,
    answer: answers.totpConfirmAnswer,
  },
  {
    method: 'post',
    path: '/api/auth/change-password',
    summary: 'Change the signed-in password',
    staff: true,
    body: changePasswordInput,
    answer: answers.success,
  },
  { method: 'post', path: '/api/auth/logout', summary: 'End this token at once', staff: true, answer: answers.success },
  {
    method: 'post',
    path: '/api/slack/interactive',
    summary: "Slack's interactivity requests (signed)",
    form: answers.slackInteractiveForm,
    answer: z.looseObject({}),
  },
  { method: 'get', path: '/api/admin/stats', summary: 'Dashboard figures', staff: true, answer: answers.statsAnswer },
  ...CONVERSION_ROUTES,
  ...IMPORT_ROUTES,
  ...COMPLIANCE_ROUTES,
  ...COMMISSION_ROUTES,
  { method: 'get', path: '/api/admin/activity-logs', summary: 'The latest activity', staff: true, answer: z.array(answers.activityAnswer) },
  {
    method: 'get',
    path: '/api/admin/activity-logs/export',
    summary: 'Activity as CSV',
    staff: true,
    query: activityExportInput,
    csv: true,
  },
  {
    method: 'get',
    path: '/api/admin/analytics',
    summary: 'Site analytics of a period',
    staff: true,
    query: analyticsQuery,
    answer: answers.analyticsAnswer,
  },
  { method: 'get', path: '/api/admin/leads', summary: 'All leads', staff: true, answer: z.array(answers.leadAnswer) },
  {
    method: 'post',
    path: '/api/admin/leads',
    summary: 'Add a lead',
    staff: true,
    body: leadCreateInput,
    status: 201,
    answer: answers.leadAnswer,
  },
  {
    method: 'put',
    path: `${leadPath}/claim`,
    summary: 'Claim a lead for an agent',
    staff: true,
    body: leadClaimInput,
    answer: answers.leadAnswer,
  },
  { method: 'put', path: `${leadPath}/unclaim`, summary: 'Unclaim a lead', staff: true, answer: answers.leadAnswer },
  {
    method: 'put',
    path: leadPath,
    summary: "Change a lead's status or notes",
    staff: true,
    body: leadUpdateInput,
    answer: answers.leadAnswer,
  },
  { method: 'delete', path: leadPath, summary: 'Delete a lead', staff: true, answer: answers.success },
  {
    method: 'get',
    path: '/api/admin/customers',
    summary: 'All customers (no medical history or medications; audited as an export)',
    staff: true,
    answer: z.array(answers.customerAnswer),
  },
  {
    method: 'get',
    path: '/api/admin/customers/export',
    summary: "Customers matching the console's filters as CSV (audited with filters and row count)",
    staff: true,
    query: customerExportQuery,
    csv: true,
  },
  {
    method: 'post',
    path: '/api/admin/customers',
    summary: 'Add a customer',
    staff: true,
    body: customerCreateInput,
    status: 201,
    answer: answers.customerAnswer,
  },
  {
    method: 'put',
    path: customerPath,
    summary: 'Change a customer',
    staff: true,
    body: customerUpdateInput,
    answer: answers.customerAnswer,
  },
  { method: 'delete', path: customerPath, summary: 'Delete a customer', staff: true, answer: answers.success },
];

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
function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
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

function operation(route: DocumentedRoute) {
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
            ? { description: ERROR_TEXT[c], content: { 'application/json': { schema: jsonSchema(answers.healthAnswer, 'output') } } }
            : { description: ERROR_TEXT[c], ...error },
        ]),
      ),
    },
  };
}

/** The OpenAPI 3.0 document, built once. */
export function openApiDocument(serverUrl = '/') {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of DOCUMENTED_ROUTES) {
    const key = route.path.replace(/:(\w+)/g, '{$1}');
    (paths[key] ??= {})[route.method] = operation(route);
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Brokerage API',
      version: '1.0.0',
      description:
        'Errors are JSON `{ "error": "..." }`; staff routes take `Authorization: Bearer <token>`. Bodies are plain JSON ' +
        '(dates as ISO 8601 strings); superjson metadata is for the console on signed-in tRPC procedures only.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: jsonSchema(answers.apiError, 'output') },
    },
    paths,
  };
}

let cached: ReturnType<typeof openApiDocument> | undefined;

export const openApiRest: MountableRoute[] = [
  {
    method: 'get',
    path: '/api/openapi.json',
    mount: () => async (_req, res) => {
      res.set('Cache-Control', 'public, max-age=300').json((cached ??= openApiDocument()));
    },
  },
];
