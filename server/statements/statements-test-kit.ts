import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../db/client';
import { contacts } from '../db/schema/contacts';
import { businessSettings } from '../db/schema/settings';
import type { TestShop } from '../../tests/support/catalog-shop';
import type { TestApp } from '../../tests/support/test-app';

// For the statement tests (not a test file itself): contacts, shop settings, raw PDF downloads and
// pdftotext, the real parser the figures are read back with.

export async function addContact(
  database: Database,
  tenantId: string,
  values: { name: string; type?: 'customer' | 'supplier' | 'both'; email?: string | null; phone?: string | null; company?: string | null; kraPin?: string | null },
): Promise<string> {
  const [row] = await database.withTenant(tenantId, (tx) =>
    tx
      .insert(contacts)
      .values({ tenantId, type: values.type ?? 'customer', name: values.name, email: values.email ?? null, phone: values.phone ?? null, company: values.company ?? null, kraPin: values.kraPin ?? null })
      .returning({ id: contacts.id }),
  );
  return row!.id;
}

/** Kenyan shillings, a KRA PIN and the Nairobi time zone, as the statements expect a Kenyan shop to have. */
export async function makeKenyanShop(database: Database, tenantId: string, kraPin = 'P051234567X') {
  await database.withTenant(tenantId, (tx) =>
    tx.update(businessSettings).set({ currencyCode: 'KES', currencySymbol: 'KSh', currencyDecimals: 2, kraPin, timeZone: 'Africa/Nairobi' }),
  );
}

/** A GET whose body is kept as bytes (a PDF), as one of the shop's people. */
export function download(testApp: TestApp, shop: TestShop, path: string, as: 'owner' | 'manager' | 'cashier' = 'owner') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: testApp.port, path, method: 'GET', headers: { host: shop.host, cookie: shop.cookies[as], connection: 'close' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The PDF's text as pdftotext -layout reads it (pages separated by form feeds), and its page count from pdfinfo. */
export function readPdf(bytes: Uint8Array): { text: string; pages: number } {
  const folder = mkdtempSync(join(tmpdir(), 'statement-'));
  const file = join(folder, 'statement.pdf');
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  return { text, pages };
}
