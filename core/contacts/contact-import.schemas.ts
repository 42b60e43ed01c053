import { z } from 'zod';

// The answers of the contacts CSV import (server/contacts/contacts-bulk.routes.ts), shared with the screen.

/** One row of an import preview: its values as they will be saved and its problems by column ('_': the whole row). */
export const contactImportRowSchema = z.object({
  /** The spreadsheet row number (the header is row 1). */
  row: z.int(),
  values: z.record(z.string(), z.string()),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ContactImportRow = z.infer<typeof contactImportRowSchema>;

export const contactImportPreviewSchema = z.object({
  totalRows: z.int(),
  validCount: z.int(),
  /** Rows of separators only (spreadsheets keep them), skipped. */
  blankRowCount: z.int(),
  errorCount: z.int(),
  /** Header cells that name no known column (left out of the import). */
  ignoredColumns: z.array(z.string()),
  /** Σ opening balances the customers of the file owe (minor units; deposits negative). */
  receivableTotalMinor: z.int(),
  /** Σ opening balances the shop owes the suppliers of the file. */
  payableTotalMinor: z.int(),
  rows: z.array(contactImportRowSchema),
});
export type ContactImportPreview = z.infer<typeof contactImportPreviewSchema>;

export const contactImportResultSchema = z.object({ createdCount: z.int() });
