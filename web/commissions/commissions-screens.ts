// Commissions' screens (issue 20): the only module a route table imports; the area comes as one
// chunk with its catalog and the inventory and reports catalogs (tables, product search, periods).
export { Commissions, CommissionsPage } from './commissions-page';
