import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import { drawQrCode, qrOptions } from '../../core/etims/etims-qr.rules';

// The QR code's content is read back by a real decoder (zbarimg) and compared with KRA's link
// written out by hand. zbarimg reads raster images, so the same encoder options are drawn as a PNG
// here; the browser test decodes the printed receipt's own SVG from a screenshot.

const LINK = 'https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=P051234567X00QUII27MATATSHFRB';

describe('the receipt QR code', () => {
  it('decodes to KRA’s verification link', async () => {
    const png = await bwipjs.toBuffer({ ...qrOptions(LINK), scale: 4 });
    const folder = mkdtempSync(join(tmpdir(), 'etims-qr-'));
    writeFileSync(join(folder, 'qr.png'), png);
    expect(execFileSync('zbarimg', ['--quiet', '--raw', join(folder, 'qr.png')], { encoding: 'utf8' }).trim()).toBe(LINK);
  });

  it('is drawn as an SVG of whole modules with its quiet zone, sized for the receipt', () => {
    // 110 characters at level M need version 6: 41 modules, plus 4 each side.
    const { svg, sizeModules } = drawQrCode(LINK, { moduleMm: 0.5 });
    expect(sizeModules).toBe(49);
    expect(svg).toMatch(/^<svg width="24.5mm" height="24.5mm" viewBox="0 0 98 98"/);
  });
});
