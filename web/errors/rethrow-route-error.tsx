import { useRouteError } from 'react-router';

/**
 * The root route's errorElement: an error React Router caught (in a layout, say) goes on to the
 * app's ErrorBoundary instead of the router's built-in page.
 */
export function RethrowRouteError(): never {
  throw useRouteError();
}
