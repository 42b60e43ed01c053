import { contactImportPreviewSchema, contactImportResultSchema, type ContactImportPreview } from '../../../core/contacts/contact-import.schemas';
import { uploadImportFile } from '../../products/bulk/bulk.api';

// The contacts CSV endpoints (server/contacts/contacts-bulk.routes.ts); uploads go through the
// products import's XMLHttpRequest helper, which reports upload progress.

export const CONTACT_IMPORT_TEMPLATE_PATH = '/api/contacts/import/template.csv';
export const CONTACT_EXPORT_PATH = '/api/contacts/export.csv';

export function previewContactImportRequest(file: File, onProgress: (fraction: number) => void): Promise<ContactImportPreview> {
  return uploadImportFile('/api/contacts/import/preview', file, { schema: contactImportPreviewSchema, onProgress });
}

export function commitContactImportRequest(file: File, idempotencyKey: string, onProgress: (fraction: number) => void) {
  return uploadImportFile('/api/contacts/import', file, { schema: contactImportResultSchema, idempotencyKey, onProgress });
}

/** The export's address for the list's filters (the same query the list sends). */
export function contactExportHref(filters: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const text = query.toString();
  return text ? `${CONTACT_EXPORT_PATH}?${text}` : CONTACT_EXPORT_PATH;
}
