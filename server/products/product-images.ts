import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { PRODUCT_IMAGE_CONTENT_TYPES, PRODUCT_IMAGE_MAX_BYTES, type Product } from '../../core/products/products.schemas';
import { products } from '../db/schema/products';
import type { AppDependencies } from '../http/context';
import { HttpError, notFound } from '../http/errors';
import { reencodeImage } from '../http/uploaded-image';
import { getProduct } from './products.service';

// Product photos: any PNG, JPEG or WebP up to 5 MB becomes a WebP fitting 800×800, named by its
// content hash under DATA_DIR/uploads/<tenant>/ and served by /api/files with year-long caching.

const IMAGE_BOX = 800;
const SHARP_FORMATS = { png: 'png', jpg: 'jpeg', webp: 'webp' } as const;

const imageError = (message: string) => new HttpError('validation_failed', message, { image: [message] });

export async function storeProductImage(deps: AppDependencies, tenantId: string, productId: string, file: File): Promise<Product> {
  const declared = PRODUCT_IMAGE_CONTENT_TYPES[file.type as keyof typeof PRODUCT_IMAGE_CONTENT_TYPES];
  if (!declared) throw imageError(/*i18n*/ 'Use a PNG, JPEG or WebP image');
  if (file.size > PRODUCT_IMAGE_MAX_BYTES) throw imageError(/*i18n*/ 'The image must be at most 5 MB');
  await deps.database.withTenant(tenantId, async (tx) => {
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId));
    if (!product) throw notFound(/*i18n*/ 'No such product');
  });

  const webp = await reencodeImage(Buffer.from(await file.arrayBuffer()), {
    field: 'image',
    declared: SHARP_FORMATS[declared],
    maxPixels: 50_000_000,
    box: IMAGE_BOX,
    encode: (image) => image.webp({ quality: 82 }),
  });
  const name = `product-${createHash('sha256').update(webp).digest('hex').slice(0, 16)}.webp`;
  const folder = join(deps.config.dataDir, 'uploads', tenantId);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, name), webp);
  return setImageUrl(deps, tenantId, productId, `/api/files/${tenantId}/${name}`);
}

/** The file stays: its name is its content, and another product may show the same picture. */
export function removeProductImage(deps: AppDependencies, tenantId: string, productId: string): Promise<Product> {
  return setImageUrl(deps, tenantId, productId, null);
}

function setImageUrl(deps: AppDependencies, tenantId: string, productId: string, imageUrl: string | null): Promise<Product> {
  return deps.database.withTenant(tenantId, async (tx) => {
    const updated = await tx.update(products).set({ imageUrl, updatedAt: new Date() }).where(eq(products.id, productId)).returning({ id: products.id });
    if (updated.length === 0) throw notFound(/*i18n*/ 'No such product');
    return getProduct(tx, productId);
  });
}
