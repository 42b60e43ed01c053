import { createServer } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../tests/support/factories';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db';

// PGlite answers in the server's own thread. A background job is one long chain of transactions;
// if each answer resolved without a turn of the event loop, the server would never accept a
// connection while the job ran (`npm start` with the demo history job never answered /api/health).
let database: TestDatabase;
let shop: TestTenant;

beforeAll(async () => {
  database = await createTestDatabase();
  shop = await createTenant(database);
});
afterAll(() => database.dispose());

describe(`a chain of transactions leaves the event loop its turns (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('answers an HTTP request and fires a timer while a job-like chain of tenant and platform transactions runs', async () => {
    let running = true;
    let transactions = 0;
    const chain = (async () => {
      while (running && transactions < 5000) {
        await database.withTenant(shop.id, (tx) => tx.execute(sql`select 1`));
        await database.platform.transaction((tx) => tx.execute(sql`select 1`));
        transactions += 2;
      }
    })();
    const server = createServer((_request, response) => response.end('ok'));
    try {
      await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
      const { port } = server.address() as { port: number };
      const answer = await fetch(`http://127.0.0.1:${port}/`).then((response) => response.text());
      const timerFired = await new Promise<boolean>((fired) => setTimeout(() => fired(true), 1));
      expect({ answer, timerFired, chainStillRunning: running && transactions < 5000 }).toEqual({ answer: 'ok', timerFired: true, chainStillRunning: true });
    } finally {
      running = false;
      await chain;
      server.close();
    }
  });
});
