import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db';
import { assertUnprivilegedDatabaseRole, PrivilegedDatabaseRoleError, readConnectionRole } from './database-role';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

function recordingLogger() {
  const lines: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
  return { logger, lines };
}

describe.runIf(process.env.TEST_DB === 'postgres')('the connecting database role (postgres)', () => {
  it('production refuses a superuser or BYPASSRLS user unless allowed; elsewhere it warns', async () => {
    const role = await readConnectionRole(database);
    const privileged = role.isSuperuser || role.bypassesRls;
    const { logger, lines } = recordingLogger();
    const production = assertUnprivilegedDatabaseRole(database, { isProduction: true, allowPrivileged: false, logger });
    if (privileged) {
      await expect(production).rejects.toBeInstanceOf(PrivilegedDatabaseRoleError);
      await expect(assertUnprivilegedDatabaseRole(database, { isProduction: true, allowPrivileged: true, logger })).resolves.toBeUndefined();
      await assertUnprivilegedDatabaseRole(database, { isProduction: false, allowPrivileged: false, logger });
      expect(lines.join('')).toContain(`the user ${role.name} is`);
    } else {
      // CI runs this suite as a non-superuser owner (.ci/run): nothing to refuse, nothing logged.
      await expect(production).resolves.toBeUndefined();
      expect(lines).toEqual([]);
    }
  });
});

describe.runIf(process.env.TEST_DB !== 'postgres')('the connecting database role (pglite)', () => {
  it('is not checked on the embedded database, which only this process reaches', async () => {
    const { logger, lines } = recordingLogger();
    await expect(assertUnprivilegedDatabaseRole(database, { isProduction: true, allowPrivileged: false, logger })).resolves.toBeUndefined();
    expect(lines).toEqual([]);
  });
});
