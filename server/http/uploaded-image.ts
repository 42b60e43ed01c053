import sharp, { type Sharp } from 'sharp';
import { HttpError } from './errors';

// Uploaded images (logos, product photos) are decoded and encoded anew: only pixels are stored and
// served, never what a file carried after or around them. The browser's Content-Type is only a
// claim, so the decoded format must match it, and the canvas size is checked before any pixel is
// decoded (a small PNG can declare 8000×8000 and decode to 256 MB: a decompression bomb).

export type ImageFormat = 'png' | 'jpeg' | 'webp';

export interface ImageUpload {
  /** The multipart field, for the field message. */
  field: string;
  /** The format the upload says it is. */
  declared: ImageFormat;
  /** The largest canvas (width × height) we agree to decode. */
  maxPixels: number;
  /** The stored image fits inside a square this many pixels wide (never enlarged). */
  box: number;
  /** The encoder of the stored image. */
  encode: (image: Sharp) => Sharp;
}

export async function reencodeImage(bytes: Buffer, upload: ImageUpload): Promise<Buffer> {
  const refuse = (message: string) => new HttpError('validation_failed', message, { [upload.field]: [message] });
  if (bytes.length === 0) throw refuse(/*i18n*/ 'That file is empty');
  // metadata() reads the header only: no pixels are decoded yet.
  const metadata = await sharp(bytes, { failOn: 'error' })
    .metadata()
    .catch(() => null);
  if (!metadata || metadata.format !== upload.declared) throw refuse(/*i18n*/ 'That file is not the image it claims to be');
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > upload.maxPixels) {
    throw refuse(`That image is too large: at most ${Math.floor(upload.maxPixels / 1_000_000)} megapixels`);
  }
  const image = sharp(bytes, { failOn: 'error', limitInputPixels: upload.maxPixels })
    .rotate()
    .resize(upload.box, upload.box, { fit: 'inside', withoutEnlargement: true });
  return upload
    .encode(image)
    .toBuffer()
    .catch(() => {
      throw refuse(/*i18n*/ 'That image could not be read; try saving it again as PNG or JPEG');
    });
}
