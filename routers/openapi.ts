// GET /api/openapi.json: the documented /api routes (docs/api.md), generated from the rows of the REST
// tables (routers/<domain>.ts) and their zod schemas, so the document cannot drift from the routes.
import { z } from 'zod';
import type { DocumentedRoute, MountableRoute } from './rest.ts';
import { errorSchema, operation } from './openapi-operation.ts';

/** The OpenAPI 3.0 document, built once. */
export function openApiDocument(routes: DocumentedRoute[], serverUrl = '/') {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
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
      schemas: { Error: errorSchema() },
    },
    paths,
  };
}

/** GET /api/openapi.json, describing the routes `published` lists once they are all declared. */
export function openApiRoutes(published: () => DocumentedRoute[]): MountableRoute[] {
  let cached: ReturnType<typeof openApiDocument> | undefined;
  return [
    {
      method: 'get',
      path: '/api/openapi.json',
      summary: 'This document',
      answer: z.looseObject({ openapi: z.string() }),
      code: { procedure: '(route of its own, `routers/openapi.ts`)' },
      mount: () => async (_req, res) => {
        res.set('Cache-Control', 'public, max-age=300').json((cached ??= openApiDocument(published())));
      },
    },
  ];
}
