import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  giftCardBalanceQuerySchema,
  giftCardBalanceSchema,
  giftCardDetailSchema,
  giftCardIssuedSchema,
  giftCardIssueSchema,
  giftCardListQuerySchema,
  giftCardListSchema,
  giftCardVoidSchema,
} from '../../core/gift-cards/gift-cards.schemas';
import { HttpError } from '../http/errors';
import { readIdempotencyKey } from '../http/idempotency';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { countAttempt, type RateLimitRule } from '../http/rate-limit';
import { clientAddress } from '../http/request-meta';
import { tenantRoute, type RouteDefinition } from '../http/routes';
import { checkBalance, getGiftCard, issue, listGiftCards, voidCard } from './gift-cards.service';

// Gift cards (issue 14, plan feature `gift_cards`: 402 without it). Cashiers list, read and check
// balances; managers issue and void. Handlers parse and call one service.

const idParams = { params: z.object({ id: z.uuid() }) };

/**
 * Balance checks: only codes that open no card count (a cashier checking real cards is never
 * held up), per person and per address, so guessing is slow from one account or one machine:
 * 10 wrong codes per person and 30 per address in 15 minutes. The attempt is counted before the
 * lookup, so concurrent guesses cannot slip past.
 */
export const GIFT_CARD_BALANCE_LIMITS = {
  perUser: {
    name: 'gift-card-balance:user',
    max: 10,
    windowSeconds: 15 * 60,
    message: /*i18n*/ 'Too many wrong gift card codes. Try again in {seconds} seconds.',
  },
  perAddress: {
    name: 'gift-card-balance:ip',
    max: 30,
    windowSeconds: 15 * 60,
    message: /*i18n*/ 'Too many wrong gift card codes. Try again in {seconds} seconds.',
  },
} satisfies Record<string, RateLimitRule>;

const notFoundResponse = errorResponse('Not found (or another shop’s)');
const planResponse = errorResponse('The plan lacks gift_cards');

export const giftCardRoutes: RouteDefinition[] = [
  tenantRoute(
    { permission: 'sales.sell', feature: 'gift_cards' },
    createRoute({
      method: 'get',
      path: '/api/gift-cards',
      tags: ['gift-cards'],
      summary: 'Gift cards, newest first by default: search by the last 4 of the code or the customer’s name',
      request: { query: giftCardListQuerySchema },
      responses: { 200: jsonResponse(giftCardListSchema, 'A page of gift cards'), 402: planResponse },
    }),
    async (c) => c.json(await listGiftCards(c.var.deps.database, c.var.tenantId, c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'gift_cards.manage', feature: 'gift_cards' },
    createRoute({
      method: 'post',
      path: '/api/gift-cards',
      tags: ['gift-cards'],
      summary: 'Issue a gift card; its code is in this answer only (Idempotency-Key: a retry answers the card without the code)',
      request: jsonBody(giftCardIssueSchema),
      responses: {
        201: jsonResponse(giftCardIssuedSchema, 'The card and its code (shown once)'),
        400: errorResponse('Invalid input, with a message per field'),
        402: planResponse,
      },
    }),
    async (c) =>
      c.json(
        await issue(
          c.var.deps.database,
          { tenantId: c.var.tenantId, userId: c.var.principal.userId, requestKey: readIdempotencyKey(c) },
          c.req.valid('json'),
        ),
        201,
      ),
  ),
  tenantRoute(
    { permission: 'sales.sell', feature: 'gift_cards' },
    createRoute({
      method: 'post',
      path: '/api/gift-cards/balance',
      tags: ['gift-cards'],
      summary: 'The balance of the card a code opens (rate-limited: 429 with Retry-After)',
      request: jsonBody(giftCardBalanceQuerySchema),
      responses: {
        200: jsonResponse(giftCardBalanceSchema, 'Balance, status and expiry'),
        400: errorResponse('Not the form of a gift card code'),
        402: planResponse,
        404: errorResponse('No card with this code in this shop'),
        429: errorResponse('Too many wrong codes'),
      },
    }),
    async (c) => {
      const database = c.var.deps.database;
      const attempt = await countAttempt(database, [
        { rule: GIFT_CARD_BALANCE_LIMITS.perUser, subject: c.var.principal.userId },
        { rule: GIFT_CARD_BALANCE_LIMITS.perAddress, subject: clientAddress(c) ?? 'unknown' },
      ]);
      try {
        const balance = await checkBalance(database, c.var.tenantId, c.req.valid('json').code);
        await attempt.release();
        return c.json(balance, 200);
      } catch (error) {
        // Only a code that opens nothing counts against the limits.
        if (!(error instanceof HttpError && error.status === 404)) await attempt.release();
        throw error;
      }
    },
  ),
  tenantRoute(
    { permission: 'sales.sell', feature: 'gift_cards' },
    createRoute({
      method: 'get',
      path: '/api/gift-cards/{id}',
      tags: ['gift-cards'],
      summary: 'One gift card with its ledger (issue, redemptions, refunds, void)',
      request: idParams,
      responses: { 200: jsonResponse(giftCardDetailSchema, 'The card'), 402: planResponse, 404: notFoundResponse },
    }),
    async (c) => c.json(await getGiftCard(c.var.deps.database, c.var.tenantId, c.req.valid('param').id), 200),
  ),
  tenantRoute(
    { permission: 'gift_cards.manage', feature: 'gift_cards' },
    createRoute({
      method: 'post',
      path: '/api/gift-cards/{id}/void',
      tags: ['gift-cards'],
      summary: 'Void a card with a reason: its balance goes to 0 (409 if already void)',
      request: { ...idParams, ...jsonBody(giftCardVoidSchema) },
      responses: {
        200: jsonResponse(giftCardDetailSchema, 'The voided card'),
        400: errorResponse('Invalid input, with a message per field'),
        402: planResponse,
        404: notFoundResponse,
        409: errorResponse('Already void'),
      },
    }),
    async (c) =>
      c.json(
        await voidCard(c.var.deps.database, { tenantId: c.var.tenantId, userId: c.var.principal.userId }, c.req.valid('param').id, c.req.valid('json').reason),
        200,
      ),
  ),
];
