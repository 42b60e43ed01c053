import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, isUnauthorized } from './api-client';

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('apiRequest', () => {
  it('sends the application name, same-origin credentials and JSON', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => jsonResponse(201, { id: 1 }));
    await apiRequest('/api/things', { method: 'POST', body: { name: 'Sukari' }, fetch });
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/api/things');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"name":"Sukari"}' });
    expect(init?.headers).toMatchObject({
      'x-application-name': 'dukani',
      'content-type': 'application/json',
      accept: 'application/json',
    });
  });

  it('validates a success body with the given schema', async () => {
    const schema = z.object({ status: z.literal('ok') });
    const fetch = vi.fn(async () => jsonResponse(200, { status: 'ok', extra: true }));
    await expect(apiRequest('/api/health', { schema, fetch })).resolves.toEqual({ status: 'ok' });
  });

  it('rejects a success body that does not match the schema', async () => {
    const schema = z.object({ status: z.literal('ok') });
    const fetch = vi.fn(async () => jsonResponse(200, { status: 'down' }));
    const error = await apiRequest('/api/health', { schema, fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, code: 'invalid_response' });
  });

  it('turns the API error shape into an ApiError', async () => {
    const fetch = vi.fn(async () =>
      jsonResponse(400, {
        error: { code: 'validation_failed', message: 'Check the form', fields: { name: ['Required'] }, requestId: 'r1' },
      }),
    );
    const error = await apiRequest('/api/things', { fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Check the form',
      fields: { name: ['Required'] },
      requestId: 'r1',
    });
  });

  it('keeps the wait of a 429 and the field messages', async () => {
    const fetch = vi.fn(async () =>
      jsonResponse(429, { error: { code: 'rate_limited', message: 'Please wait 42 seconds', retryAfterSeconds: 42 } }),
    );
    const limited = await apiRequest('/api/x', { fetch }).catch((e: unknown) => e);
    expect(limited).toMatchObject({ status: 429, retryAfterSeconds: 42 });

    const wrong = new ApiError({
      status: 400,
      code: 'validation_failed',
      message: 'Current password is incorrect',
      fields: { currentPassword: ['Current password is incorrect'] },
    });
    expect(wrong.fieldMessage('currentPassword')).toBe('Current password is incorrect');
    expect(wrong.fieldMessage('newPassword')).toBeUndefined();
  });

  it('recognises an expired session by its status', () => {
    expect(isUnauthorized(new ApiError({ status: 401, code: 'unauthorized', message: 'Session expired' }))).toBe(true);
    expect(isUnauthorized(new ApiError({ status: 403, code: 'forbidden', message: 'No' }))).toBe(false);
    expect(isUnauthorized(new Error('401'))).toBe(false);
  });

  it('maps a failure without the error shape by its status', async () => {
    const fetch = vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiRequest('/api/x', { fetch })).rejects.toMatchObject({
      status: 502,
      code: 'internal_error',
      message: 'Bad Gateway',
    });
    const notFound = vi.fn(async () => new Response('', { status: 404 }));
    await expect(apiRequest('/api/x', { fetch: notFound })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('reports a network failure as status 0', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('/api/x', { fetch })).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('passes an abort through unchanged', async () => {
    const controller = new AbortController();
    controller.abort();
    const fetch = vi.fn(async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(apiRequest('/api/x', { fetch, signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
