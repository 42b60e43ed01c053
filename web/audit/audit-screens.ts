// The audit log's screens (issue 20): the only module a route table imports, so the area is one
// chunk with its catalog (and the inventory catalog, whose table, filters and states it uses).
export { AuditLog } from './audit-log';
export { AuditLogPage } from './audit-page';
