import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { tenantExportManifestSchema } from '../../core/platform/tenant-export.schemas';
import { ACCOUNTS, signInThroughForm } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { signUpOwnShop } from './support/own-shop';
import { DESKTOP } from './support/console';

// The per-shop export (issue 21, docs/platform.md "Per-shop export"): a shop of this file's own
// (signed up on a trial, so its plan has backup_restore); its owner downloads the archive from
// Settings → Business, the demo platform admin from the shop's page in the console, which then
// lists the export in the shop's platform history. Each download is a gzip whose tar (read by the
// system's GNU tar) lists manifest.json naming the shop. A Starter shop's owner finds the download
// locked. Assertions go by structure and data, not new strings (a production build shows strings
// not yet extracted as their ids).
const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});


/** Clicks the button, takes the browser's download and checks it is the shop's archive. */
async function downloadArchive(page: Page, testId: string, shop: { tenantId: string; subdomain: string }) {
  const downloading = page.waitForEvent('download');
  await page.getByTestId(testId).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${shop.subdomain}-\\d{4}-\\d{2}-\\d{2}\\.tar\\.gz$`));
  const path = (await download.path())!;
  expect(readFileSync(path).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  const listing = execFileSync('tar', ['-tzf', path], { encoding: 'utf8' }).trim().split('\n');
  expect(listing).toContain('manifest.json');
  expect(listing).toEqual(expect.arrayContaining(['tenants.jsonl', 'products.jsonl', 'sales.jsonl']));
  const manifest = tenantExportManifestSchema.parse(JSON.parse(execFileSync('tar', ['-xzOf', path, 'manifest.json'], { encoding: 'utf8' })));
  expect(manifest.shop).toMatchObject({ id: shop.tenantId, subdomain: shop.subdomain });
  expect(manifest.tables.find((table) => table.table === 'tenant_users')?.rows).toBeGreaterThanOrEqual(1);
}

describe('Per-shop export', () => {
  it("the owner downloads the shop's archive from Settings; the platform admin from the shop's page, which records it", async () => {
    const shop = await signUpOwnShop(session, 'export', DESKTOP);
    await shop.ownerPage.goto(appUrl('/admin/settings?tab=business', shop.subdomain));
    await downloadArchive(shop.ownerPage, 'shop-export-download', shop);

    const admin = await session.openPage(DESKTOP);
    await signInThroughForm(admin, ACCOUNTS.superAdmin);
    await admin.getByRole('heading', { name: 'Platform overview', level: 1 }).waitFor();
    await admin.goto(appUrl(`/superadmin/tenants/${shop.tenantId}`));
    await admin.getByRole('heading', { name: shop.name, level: 1 }).waitFor();
    const history = admin.getByRole('list', { name: 'Platform history' });
    expect(await history.count()).toBe(0);
    await downloadArchive(admin, 'tenant-export-download', shop);

    await admin.reload();
    await history.locator('li').first().waitFor();
    expect(await history.locator('li').count()).toBe(1);
  }, 120_000);

  it("a shop whose plan lacks backup and restore finds the download locked", async () => {
    const page = await session.openPage(DESKTOP);
    await signInThroughForm(page, ACCOUNTS.kioskOwner);
    await page.goto(appUrl('/admin/settings?tab=business', ACCOUNTS.kioskOwner.subdomain));
    // Locked once the plan's features are known (the button is enabled while they load).
    await page.locator('[data-testid="shop-export-download"]:disabled').waitFor();
  });
});
