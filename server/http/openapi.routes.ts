import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from './context';
import { publicRoute } from './routes';

/** GET /api/openapi.json, generated from the same route schemas that validate requests. */
export function openApiRoutes(app: OpenAPIHono<AppEnv>, version: string) {
  return [
    publicRoute(
      createRoute({
        method: 'get',
        path: '/api/openapi.json',
        tags: ['meta'],
        summary: 'This API as an OpenAPI 3.1 document',
        responses: {
          200: { description: 'OpenAPI document', content: { 'application/json': { schema: z.looseObject({}) } } },
        },
      }),
      (c) =>
        c.json(
          app.getOpenAPI31Document({
            openapi: '3.1.0',
            info: {
              title: 'Dukani API',
              version,
              description:
                'Multi-tenant point of sale. The tenant comes from the Host header. Money is in integer minor units. ' +
                'Each operation names who may call it in x-access.',
            },
          }) as unknown as Record<string, unknown>,
          200,
        ),
    ),
  ];
}
