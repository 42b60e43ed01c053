import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITIES } from '../../core/billing/plan-offer.rules';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

// The plan cards' "built" flags against what the server really mounts: a capability is sold as
// available only when its API exists, and marked coming soon while it does not (issue 10 item 16).
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('plan card capabilities', () => {
  it('are built exactly when the server mounts their API', () => {
    const paths = testApp.app.mountedRoutes.map((route) => route.path);
    const mounted = (apiPath: string) => paths.some((path) => path === apiPath || path.startsWith(`${apiPath}/`));
    const claims = CAPABILITIES.filter((capability) => capability.apiPath !== null).map((capability) => ({
      apiPath: capability.apiPath,
      isBuilt: capability.isBuilt,
    }));
    expect(claims).toEqual(claims.map(({ apiPath }) => ({ apiPath, isBuilt: mounted(apiPath!) })));
  });
});
