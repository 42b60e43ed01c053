import type { RouteObject } from 'react-router';

// Placeholder until the issue-14 helper who owns this file fills it in.
export const accountRoutes: RouteObject[] = [];
