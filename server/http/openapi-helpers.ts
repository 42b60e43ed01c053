import type { z } from 'zod';
import { apiErrorSchema } from '../../core/api/api-error.schemas';

// Shorthands for route definitions: a JSON response, an error response, a required JSON body.
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const errorResponse = (description: string) => jsonResponse(apiErrorSchema, description);

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
