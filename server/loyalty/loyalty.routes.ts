import type { RouteDefinition } from '../http/routes';

// Placeholder until the issue-14 helper who owns this file fills it in.
export const loyaltyRoutes: RouteDefinition[] = [];
