import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

let testApp: TestApp;
const logged: unknown[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  const original = testApp.deps.logger.child.bind(testApp.deps.logger);
  testApp.deps.logger.child = ((bindings: Record<string, unknown>) => {
    const child = original(bindings);
    child.error = ((...args: unknown[]) => logged.push(args)) as typeof child.error;
    return child;
  }) as unknown as typeof testApp.deps.logger.child;
});
afterAll(() => testApp.close());

const report = {
  message: 'Cannot read properties of undefined',
  source: 'render',
  componentStack: '\n    at ProductList',
  url: 'http://demo.localhost:3000/admin/products',
  occurredAt: new Date().toISOString(),
};

describe('POST /api/client-errors', () => {
  it('logs a report with the request id and answers 204', async () => {
    const response = await testApp.request('/api/client-errors', { method: 'POST', host: 'demo.localhost', body: report });
    expect(response.status).toBe(204);
    expect(JSON.stringify(logged.at(-1))).toContain('Cannot read properties of undefined');
  });

  it('rejects a malformed report with field messages', async () => {
    const response = await testApp.request('/api/client-errors', { method: 'POST', body: { ...report, message: '', source: 'x' } });
    expect(response.status).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['message', 'source']);
  });

  it('limits reports per address', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.50' };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await testApp.request('/api/client-errors', { method: 'POST', body: report, headers })).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 204)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
