import { createRoute } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, createTestConfig, type TestApp } from '../tests/support/test-app';
import { createTestDatabase } from '../tests/support/test-db';
import { createApp } from './app';
import { wireDependencies } from './dependencies';
import { createApiRouter, mountRoutes, publicRoute, type MountedRoute } from './http/routes';
import { createLogger } from './logger';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ config: { BODY_LIMIT_BYTES: '2048' } });
});
afterAll(() => testApp.close());

describe('route access levels (house rule 3)', () => {
  it('every API route the app serves was mounted through a route builder with an access level', () => {
    const declared = new Set(testApp.app.mountedRoutes.map((r) => `${r.method} ${r.path}`));
    const served = testApp.app.routes
      .filter((r) => r.path.startsWith('/api/') && r.path !== '/api/*' && r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(served.length).toBeGreaterThan(0);
    for (const route of served) expect(declared).toContain(route);
    for (const route of testApp.app.mountedRoutes) expect(['public', 'user', 'tenant', 'platform']).toContain(route.access.level);
  });

  it('the OpenAPI document lists every mounted route with its x-access', async () => {
    const response = await testApp.request('/api/openapi.json');
    expect(response.status).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, { 'x-access'?: unknown }>> }>();
    expect(document.openapi).toBe('3.1.0');
    for (const route of testApp.app.mountedRoutes) {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()];
      expect(operation?.['x-access'], `${route.method} ${route.path}`).toEqual(route.access);
    }
  });

  it('a registered route validates input with its schema: 400 with field messages, handler not run', async () => {
    let handlerRuns = 0;
    const app = createApiRouter();
    const registry: MountedRoute[] = [];
    mountRoutes(
      app,
      [
        publicRoute(
          createRoute({
            method: 'post',
            path: '/api/echo',
            request: { body: { content: { 'application/json': { schema: z.object({ name: z.string().min(2), amount: z.int().nonnegative() }) } } } },
            responses: { 200: { description: 'ok' } },
          }),
          (c) => {
            handlerRuns += 1;
            return c.json({ ok: true }, 200);
          },
        ),
      ],
      registry,
    );
    const bad = await app.request('/api/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', amount: 1.5 }),
    });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { code: string; fields: Record<string, string[]> } };
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.fields).sort()).toEqual(['amount', 'name']);
    expect(handlerRuns).toBe(0);
    expect(registry).toEqual([{ method: 'POST', path: '/api/echo', access: { level: 'public' } }]);
  });
});

describe('HTTP conventions', () => {
  it('GET /api/health answers 200 with the database up and the version', async () => {
    const response = await testApp.request('/api/health');
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'up', version: expect.any(String) });
  });

  it('GET /api/health answers 503 when the database is unreachable', async () => {
    const database = await createTestDatabase();
    const config = createTestConfig();
    const logger = createLogger('error');
    const app = createApp(wireDependencies(config, database, logger), { serveWeb: false });
    await database.dispose();
    const response = await app.request('/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'unavailable', db: 'down' });
  });

  it('unknown API routes get the error shape with a request id', async () => {
    const response = await testApp.request('/api/no-such-thing');
    expect(response.status).toBe(404);
    const body = response.json<{ error: { code: string; message: string; requestId: string } }>();
    expect(body.error).toMatchObject({ code: 'not_found', message: expect.any(String) });
    expect(body.error.requestId).toBe(response.headers['x-request-id']);
  });

  it('puts security headers on every response', async () => {
    for (const path of ['/api/health', '/api/no-such-thing']) {
      const { headers } = await testApp.request(path);
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['x-request-id']).toBeTruthy();
    }
  });

  it('refuses a request body over the limit with 413 and the error shape', async () => {
    const response = await testApp.request('/api/tenant-context', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      rawBody: JSON.stringify({ padding: 'x'.repeat(4096) }),
    });
    expect(response.status).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });

  it('answers a body of the wrong content type with 415 and the error shape, not a 500', async () => {
    const response = await testApp.request('/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      rawBody: 'email=someone@example.test',
    });
    expect(response.status).toBe(415);
    expect(response.json().error.code).toBe('unsupported_media_type');
  });

  it('keeps a caller-supplied request id for tracing', async () => {
    const response = await testApp.request('/api/health', { headers: { 'x-request-id': 'till-7-abc' } });
    expect(response.headers['x-request-id']).toBe('till-7-abc');
  });
});
