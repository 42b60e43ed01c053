import { Outlet } from 'react-router';

/** The Products area: its sub-navigation above the screen. */
export function ProductsLayout() {
  return <Outlet />;
}
