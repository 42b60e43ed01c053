import { describe, expect, it } from 'vitest';
import { findSessionStateViolations } from './check-pooler-safety';

const lineNumbers = (source: string) => findSessionStateViolations('planted.ts', source).map((violation) => violation.line);

describe('the pooler safety scan', () => {
  it('catches session-level locks, LISTEN, session-wide settings and named prepared statements', () => {
    const planted = `
await client.query('select pg_advisory_lock(7350021)');
await client.query('select pg_advisory_unlock(7350021)');
await tx.execute(sql\`LISTEN tenant_changed\`);
await tx.execute(sql\`set search_path to app\`);
await tx.execute(sql\`SET ROLE dukani_app\`);
await tx.execute(sql\`select set_config('app.tenant_id', \${id}, false)\`);
await client.query({ name: 'lookup', text: 'select 1' });
`;
    expect(lineNumbers(planted)).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });

  it('accepts transaction-local forms, UPDATE … SET, and a named exception', () => {
    const accepted = `
await tx.execute(sql\`select pg_advisory_xact_lock(\${key})\`);
await tx.execute(sql\`select set_config('app.tenant_id', \${id}, true), set_config('role', \${role}, true)\`);
await tx.execute(sql\`SET LOCAL statement_timeout = 5000\`);
await tx.execute(sql\`update products set name = \${name} where id = \${id}\`);
await db.update(products).set({ name });
// session-state: the job listener holds its own connection from DATABASE_DIRECT_URL
await direct.query('LISTEN jobs');
`;
    expect(lineNumbers(accepted)).toEqual([]);
  });
});
