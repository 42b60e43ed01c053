// The Reports area's screen (issue 18): the only module the route table imports, so the first
// download carries one import for the whole area, and the charts arrive with the screen. The route
// loads the inventory catalog with the area's own: the screen shows the inventory area's load
// errors, pages, locks and product search.
export { ReportsPage } from './reports-page';
