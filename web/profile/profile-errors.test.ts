import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { errorMessageOf, shouldReportFailure } from './profile-errors';

describe('profile failure toasts', () => {
  it('leaves a 401 to the session-expired toast', () => {
    expect(shouldReportFailure(new ApiError({ status: 401, code: 'unauthorized', message: 'Session expired' }))).toBe(false);
    expect(shouldReportFailure(new ApiError({ status: 400, code: 'bad_request', message: 'Nope' }))).toBe(true);
    expect(shouldReportFailure(new Error('boom'))).toBe(true);
  });

  it("uses the server's message, else nothing", () => {
    expect(errorMessageOf(new ApiError({ status: 409, code: 'conflict', message: 'Address in use' }))).toBe('Address in use');
    expect(errorMessageOf(new ApiError({ status: 500, code: 'internal_error', message: '' }))).toBeUndefined();
    expect(errorMessageOf(new Error('internal detail'))).toBeUndefined();
  });
});
