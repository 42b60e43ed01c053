import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  contactArchiveSchema,
  contactCreatedSchema,
  contactCreateSchema,
  contactListQuerySchema,
  contactListSchema,
  contactMergeResultSchema,
  contactMergeSchema,
  contactSchema,
  contactUpdateSchema,
  customerGroupInputSchema,
  customerGroupListSchema,
  customerGroupSchema,
  duplicateListSchema,
  duplicateQuerySchema,
} from '../../core/contacts/contacts.schemas';
import type { AppEnv } from '../http/context';
import { readIdempotencyKey } from '../http/idempotency';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { tenantRoute, type RouteDefinition } from '../http/routes';
import { listContacts } from './contact-list.query';
import { createContact, getContact, listDuplicates, mergeContacts, setContactArchived, updateContact, type ContactActor } from './contacts.service';
import { createCustomerGroup, deleteCustomerGroup, getCustomerGroup, listCustomerGroups, updateCustomerGroup } from './customer-groups.service';

// Contacts (issue 14): customers and suppliers, duplicates, merges and customer groups. Cashiers
// look up, create and edit customers; managers handle suppliers, credit, merges and groups.
// Groups need customer management (customer_management or Starter's advanced_customer_management):
// the service answers 402 without it, since the route guard names a single feature.

const idParams = { params: z.object({ id: z.uuid() }) };

const notFoundResponse = errorResponse('Not found (or another shop’s)');
const invalidResponse = errorResponse('Invalid input, with a message per field');
const forbiddenResponse = errorResponse('The role does not allow it');
const upgradeResponse = errorResponse('The plan lacks customer management');

function actorOf(c: Context<AppEnv>, withKey = false): ContactActor {
  return { tenantId: c.var.tenantId, userId: c.var.principal.userId, permissions: c.var.memberAccess.permissions, requestKey: withKey ? readIdempotencyKey(c) : null };
}

const contactCrud: RouteDefinition[] = [
  tenantRoute(
    { permission: 'contacts.edit' },
    createRoute({
      method: 'get',
      path: '/api/contacts',
      tags: ['contacts'],
      summary: 'Contacts, paged: search by name, phone (any written form), e-mail, company or KRA PIN; filters and sorts',
      request: { query: contactListQuerySchema },
      responses: { 200: jsonResponse(contactListSchema, 'A page of contacts'), 400: invalidResponse },
    }),
    async (c) => c.json(await listContacts(c.var.deps.database, c.var.tenantId, c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'contacts.edit' },
    createRoute({
      method: 'get',
      path: '/api/contacts/duplicates',
      tags: ['contacts'],
      summary: 'Contacts with this phone or e-mail (a warning while typing; excludeId leaves out the one being edited)',
      request: { query: duplicateQuerySchema },
      responses: { 200: jsonResponse(duplicateListSchema, 'Possible duplicates') },
    }),
    async (c) => c.json({ items: await listDuplicates(c.var.deps.database, c.var.tenantId, c.req.valid('query')) }, 200),
  ),
  tenantRoute(
    { permission: 'contacts.edit' },
    createRoute({
      method: 'post',
      path: '/api/contacts',
      tags: ['contacts'],
      summary: 'Add a customer or supplier, with opening balances (Idempotency-Key); answers possible duplicates too',
      request: jsonBody(contactCreateSchema),
      responses: {
        201: jsonResponse(contactCreatedSchema, 'The new contact'),
        400: invalidResponse,
        402: upgradeResponse,
        403: forbiddenResponse,
        422: invalidResponse,
      },
    }),
    async (c) => c.json(await createContact(c.var.deps.database, actorOf(c, true), c.req.valid('json')), 201),
  ),
  tenantRoute(
    { permission: 'contacts.edit' },
    createRoute({
      method: 'get',
      path: '/api/contacts/{id}',
      tags: ['contacts'],
      summary: 'A contact with its balances (receivable, payable, overdue, deposit) and loyalty points',
      request: idParams,
      responses: { 200: jsonResponse(contactSchema, 'The contact'), 404: notFoundResponse },
    }),
    async (c) => c.json(await getContact(c.var.deps.database, c.var.tenantId, c.req.valid('param').id), 200),
  ),
  tenantRoute(
    { permission: 'contacts.edit' },
    createRoute({
      method: 'patch',
      path: '/api/contacts/{id}',
      tags: ['contacts'],
      summary: 'Change a contact (fields left out stay as they are)',
      request: { ...idParams, ...jsonBody(contactUpdateSchema) },
      responses: {
        200: jsonResponse(contactSchema, 'The contact'),
        400: invalidResponse,
        402: upgradeResponse,
        403: forbiddenResponse,
        404: notFoundResponse,
        409: errorResponse('Merged contacts cannot change'),
        422: invalidResponse,
      },
    }),
    async (c) => c.json(await updateContact(c.var.deps.database, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  ),
  tenantRoute(
    { permission: 'contacts.manage' },
    createRoute({
      method: 'post',
      path: '/api/contacts/{id}/archive',
      tags: ['contacts'],
      summary: 'Archive a contact (kept with its ledgers, hidden from lists) or bring it back',
      request: { ...idParams, ...jsonBody(contactArchiveSchema) },
      responses: { 200: jsonResponse(contactSchema, 'The contact'), 404: notFoundResponse, 409: errorResponse('A merged contact stays archived') },
    }),
    async (c) => c.json(await setContactArchived(c.var.deps.database, c.var.tenantId, c.req.valid('param').id, c.req.valid('json').archived), 200),
  ),
  tenantRoute(
    { permission: 'contacts.manage' },
    createRoute({
      method: 'post',
      path: '/api/contacts/{id}/merge',
      tags: ['contacts'],
      summary: 'Merge this contact (a duplicate) into another: its ledgers move, it is archived; one transaction, recorded',
      request: { ...idParams, ...jsonBody(contactMergeSchema) },
      responses: {
        200: jsonResponse(contactMergeResultSchema, 'What moved'),
        404: notFoundResponse,
        409: errorResponse('Already merged'),
        422: invalidResponse,
      },
    }),
    async (c) => c.json(await mergeContacts(c.var.deps.database, actorOf(c), c.req.valid('param').id, c.req.valid('json').intoContactId), 200),
  ),
];

const groupRoutes: RouteDefinition[] = [
  tenantRoute(
    { permission: 'contacts.edit' },
    createRoute({
      method: 'get',
      path: '/api/customer-groups',
      tags: ['contacts'],
      summary: 'Customer groups with their price rules (customer management)',
      responses: { 200: jsonResponse(customerGroupListSchema, 'Groups'), 402: upgradeResponse },
    }),
    async (c) => c.json({ items: await listCustomerGroups(c.var.deps.database, c.var.tenantId) }, 200),
  ),
  tenantRoute(
    { permission: 'contacts.edit' },
    createRoute({
      method: 'get',
      path: '/api/customer-groups/{id}',
      tags: ['contacts'],
      summary: 'A customer group and its prices',
      request: idParams,
      responses: { 200: jsonResponse(customerGroupSchema, 'The group'), 402: upgradeResponse, 404: notFoundResponse },
    }),
    async (c) => c.json(await getCustomerGroup(c.var.deps.database, c.var.tenantId, c.req.valid('param').id), 200),
  ),
  tenantRoute(
    { permission: 'contacts.manage' },
    createRoute({
      method: 'post',
      path: '/api/customer-groups',
      tags: ['contacts'],
      summary: 'Add a customer group (a discount or a price list)',
      request: jsonBody(customerGroupInputSchema),
      responses: { 201: jsonResponse(customerGroupSchema, 'The group'), 400: invalidResponse, 402: upgradeResponse, 409: errorResponse('Name taken'), 422: invalidResponse },
    }),
    async (c) => c.json(await createCustomerGroup(c.var.deps.database, c.var.tenantId, c.req.valid('json')), 201),
  ),
  tenantRoute(
    { permission: 'contacts.manage' },
    createRoute({
      method: 'put',
      path: '/api/customer-groups/{id}',
      tags: ['contacts'],
      summary: 'Change a customer group and its prices',
      request: { ...idParams, ...jsonBody(customerGroupInputSchema) },
      responses: { 200: jsonResponse(customerGroupSchema, 'The group'), 400: invalidResponse, 402: upgradeResponse, 404: notFoundResponse, 409: errorResponse('Name taken'), 422: invalidResponse },
    }),
    async (c) => c.json(await updateCustomerGroup(c.var.deps.database, c.var.tenantId, c.req.valid('param').id, c.req.valid('json')), 200),
  ),
  tenantRoute(
    { permission: 'contacts.manage' },
    createRoute({
      method: 'delete',
      path: '/api/customer-groups/{id}',
      tags: ['contacts'],
      summary: 'Delete a customer group (its members keep no group)',
      request: idParams,
      responses: { 204: { description: 'Deleted' }, 402: upgradeResponse, 404: notFoundResponse },
    }),
    async (c) => {
      await deleteCustomerGroup(c.var.deps.database, c.var.tenantId, c.req.valid('param').id);
      return c.body(null, 204);
    },
  ),
];

export const contactRoutes: RouteDefinition[] = [...contactCrud, ...groupRoutes];
