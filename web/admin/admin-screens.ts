/** The admin shell's screens: one chunk, fetched on the first visit to /admin (web/app/router.tsx). */
export { AdminLayout } from './admin-layout';
export { RequireShop } from './require-shop';
