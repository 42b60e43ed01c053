import { z } from 'zod';
import { safeLine, safeText } from './text.schemas';

/** An error the web app caught and reports so it is logged on the server (spec §8 error page). */
export const clientErrorReportSchema = z.object({
  message: safeText().trim().min(1).max(2000),
  source: z.enum(['render', 'uncaught', 'unhandled-rejection']),
  stack: safeText().max(8000).optional(),
  componentStack: safeText().max(8000).optional(),
  url: safeLine().max(2000),
  occurredAt: z.iso.datetime(),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
