import { createHash } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EXPENSE_ATTACHMENT_MAX_BYTES, type EXPENSE_ATTACHMENT_TYPES } from '../../core/purchases/purchases.schemas';
import type { AppDependencies } from '../http/context';
import { HttpError, notFound } from '../http/errors';
import { reencodeImage, type ImageFormat } from '../http/uploaded-image';

// Receipt photos and PDFs of expenses (and the vouchers of manual journal entries). What a file is
// comes from its first bytes (its signature), never its name or the browser's Content-Type. A photo
// is decoded and stored as a new JPEG (only pixels, turned upright, within 2000 px: a phone
// camera's 12 MP picture of a paper receipt stays readable); a PDF is stored as sent. Files go under
// DATA_DIR/uploads/<tenant>/ named by what they belong to and their content hash, and are served
// only through the expense or entry that names them (never /api/files).

/** What an upload belongs to: the start of its stored name. */
export type AttachmentOwner = 'expense' | 'journal';

export type AttachmentType = (typeof EXPENSE_ATTACHMENT_TYPES)[number];

const PHOTO_BOX = 2000;
const PHOTO_MAX_PIXELS = 50_000_000;
const EXTENSIONS: Record<AttachmentType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' };
const TYPES_BY_EXTENSION = Object.fromEntries(Object.entries(EXTENSIONS).map(([type, extension]) => [extension, type])) as Record<string, AttachmentType>;

const refuse = (message: string) => new HttpError('validation_failed', message, { file: [message] });

const startsWith = (bytes: Buffer, signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/** The type the file's signature shows, or null for anything else. */
export function sniffAttachmentType(bytes: Buffer): { type: AttachmentType; image: ImageFormat | null } | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { type: 'image/jpeg', image: 'jpeg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { type: 'image/png', image: 'png' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return { type: 'image/webp', image: 'webp' };
  if (startsWith(bytes, ascii('%PDF-'))) return { type: 'application/pdf', image: null };
  return null;
}

const folderOf = (deps: Pick<AppDependencies, 'config'>, tenantId: string) => join(deps.config.dataDir, 'uploads', tenantId);

/** Stores an upload and answers its stored name and type, which a new expense (or entry) then names. */
export async function storeAttachment(
  deps: Pick<AppDependencies, 'config'>,
  tenantId: string,
  file: File,
  owner: AttachmentOwner,
): Promise<{ file: string; type: AttachmentType }> {
  if (file.size === 0) throw refuse(/*i18n*/ 'That file is empty');
  if (file.size > EXPENSE_ATTACHMENT_MAX_BYTES) throw refuse(/*i18n*/ 'The file must be at most 5 MB');
  const uploaded = Buffer.from(await file.arrayBuffer());
  const sniffed = sniffAttachmentType(uploaded);
  if (!sniffed) throw refuse(/*i18n*/ 'Use a photo (JPEG, PNG or WebP) or a PDF');
  const stored = sniffed.image
    ? await reencodeImage(uploaded, { field: 'file', declared: sniffed.image, maxPixels: PHOTO_MAX_PIXELS, box: PHOTO_BOX, encode: (image) => image.jpeg({ quality: 85, mozjpeg: true }) })
    : uploaded;
  const type: AttachmentType = sniffed.image ? 'image/jpeg' : sniffed.type;
  const name = `${owner}-${createHash('sha256').update(stored).digest('hex').slice(0, 32)}.${EXTENSIONS[type]}`;
  const folder = folderOf(deps, tenantId);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, name), stored);
  return { file: name, type };
}

/** The type of an uploaded file the shop has (a new expense may name it), or 400 on the field (an expense's attachmentFile). */
export async function requireUploadedAttachment(
  deps: Pick<AppDependencies, 'config'>,
  tenantId: string,
  name: string,
  refusal: { field: string; message: string } = { field: 'attachmentFile', message: /*i18n*/ 'Upload the receipt again' },
): Promise<AttachmentType> {
  const type = TYPES_BY_EXTENSION[name.slice(name.lastIndexOf('.') + 1)];
  const found = await stat(join(folderOf(deps, tenantId), name)).catch(() => null);
  if (!type || !found?.isFile()) throw new HttpError('validation_failed', refusal.message, { [refusal.field]: [refusal.message] });
  return type;
}

export async function readAttachment(deps: Pick<AppDependencies, 'config'>, tenantId: string, name: string, missingMessage = /*i18n*/ 'No receipt attached'): Promise<Buffer> {
  const bytes = await readFile(join(folderOf(deps, tenantId), name)).catch(() => null);
  if (!bytes) throw notFound(missingMessage);
  return bytes;
}
