import { createRoute } from '@hono/zod-openapi';
import { clientErrorReportSchema } from '../../core/api/client-error.schemas';
import { apiErrorSchema } from '../../core/api/api-error.schemas';
import { consumeRateLimit, type RateLimitRule } from '../http/rate-limit';
import { clientAddress } from '../http/request-meta';
import { publicRoute } from '../http/routes';

const REPORTS_PER_ADDRESS: RateLimitRule = {
  name: 'client-errors:ip',
  max: 30,
  windowSeconds: 60,
  message: /*i18n*/ 'Too many error reports. Please try again in {seconds} seconds.',
};

// The error page says "We've logged this issue": the web app reports what it caught here.
export const clientErrorRoutes = [
  publicRoute(
    createRoute({
      method: 'post',
      path: '/api/client-errors',
      tags: ['diagnostics'],
      summary: 'Log an error the web app caught (rate-limited per address)',
      request: { body: { content: { 'application/json': { schema: clientErrorReportSchema } }, required: true } },
      responses: {
        204: { description: 'Logged' },
        429: { description: 'Too many reports', content: { 'application/json': { schema: apiErrorSchema } } },
      },
    }),
    async (c) => {
      await consumeRateLimit(c.var.deps.database, REPORTS_PER_ADDRESS, clientAddress(c) ?? 'unknown');
      const report = c.req.valid('json');
      c.var.logger.error({ clientError: report, host: c.req.header('host'), userAgent: c.req.header('user-agent') }, 'Client error reported');
      return c.body(null, 204);
    },
  ),
];
