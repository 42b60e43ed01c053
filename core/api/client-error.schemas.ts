import { z } from 'zod';

/** An error the web app caught and reports so it is logged on the server (spec §8 error page). */
export const clientErrorReportSchema = z.object({
  message: z.string().trim().min(1).max(2000),
  source: z.enum(['render', 'uncaught', 'unhandled-rejection']),
  stack: z.string().max(8000).optional(),
  componentStack: z.string().max(8000).optional(),
  url: z.string().max(2000),
  occurredAt: z.iso.datetime(),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
