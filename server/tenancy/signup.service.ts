import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { SIGNUP_COUNTRIES, SUBDOMAIN_TAKEN_MESSAGE, normalizeSignupPhone } from '../../core/tenancy/signup.rules';
import { SIGNUP_DISABLED_MESSAGE } from '../../core/platform/settings.schemas';
import type { SignupOptions } from '../../core/tenancy/signup-options.schemas';
import type { SignupResult, SubdomainAvailability, ValidSignup } from '../../core/tenancy/signup.schemas';
import { classifyHost, normalizeHost } from '../../core/tenancy/tenancy.rules';
import { addMembership, hashPassword, insertPerson } from '../auth/user-accounts.service';
import { readTrialDays } from '../billing/subscription.service';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { billingPlans, tenantDomains, tenantSubscriptions, tenants, users } from '../db/schema/index';
import { firstRunChecklists, shopSignups } from '../db/schema/signup';
import type { AppDependencies } from '../http/context';
import { HttpError } from '../http/errors';
import type { RequestKey } from '../http/idempotency';
import type { RateLimitRule } from '../http/rate-limit';
import { withRequestLanguage, type RequestLanguageHints } from '../i18n/email-language';
import { isSignupEnabled, readDefaultSignupPlanId } from '../platform/settings.service';
import { handoffUrl, issueHandoffToken, passwordMatches } from './signup-handoff';
import { insertTenant, setUpNewTenant } from './tenancy.service';

// Self-serve sign-up on the main host (issue 21, docs/signup.md): a new shop, its owner and its
// trial in one transaction, then a one-time hand-over to the shop's own address.

export const SIGNUP_RATE_LIMITS = {
  // Counted per network address, as the sign-in limits are: a shared address (a cyber café, a
  // carrier's NAT) opens a few shops an hour, a script does not open hundreds.
  signUpPerAddress: {
    name: 'signup:ip',
    max: 10,
    windowSeconds: 60 * 60,
    message: /*i18n*/ 'Too many new shops from this network. Please try again in {seconds} seconds.',
  },
  // The form asks as the owner types (debounced): generous, but not a free scan of every name.
  availabilityPerAddress: {
    name: 'signup-availability:ip',
    max: 300,
    windowSeconds: 10 * 60,
    message: /*i18n*/ 'Too many address checks. Please try again in {seconds} seconds.',
  },
} satisfies Record<string, RateLimitRule>;

export const EMAIL_REGISTERED_MESSAGE =
  /*i18n*/ "This e-mail already has a Dukani account. Sign in at your shop's address, or use another e-mail for the new shop.";
export const SIGNUP_CLOSED_MESSAGE = /*i18n*/ "New shops are opened on the Dukani home page, not at a shop's address.";

/** Where a request stands for sign-up: whether shops may be made from its host, and how their addresses read. */
export interface SignupAddress {
  /** The main host (a root domain, www.) or the development host. */
  isOpen: boolean;
  /** What follows a new shop's subdomain in its address: ".dukani.co.ke", or ".localhost:3000" in development. */
  shopAddressSuffix: string;
  scheme: 'http' | 'https';
}

/**
 * The request's host as sign-up sees it. A shop made from a root domain lives under that domain
 * (with the port the main host was reached on); one made from the development host (localhost,
 * 127.0.0.1) under .localhost, which browsers resolve to this machine, as the tests reach shops.
 */
export function signupAddressFor(rawHost: string | undefined, scheme: 'http' | 'https', config: Pick<AppConfig, 'rootDomains'>): SignupAddress {
  const host = normalizeHost(rawHost);
  const port = (rawHost?.trim().toLowerCase() ?? '').slice(host.length);
  const closed = { isOpen: false, shopAddressSuffix: `.${config.rootDomains[0]}`, scheme };
  if (!host || !/^(:\d{1,5})?$/.test(port)) return closed;
  const kind = classifyHost(host, config.rootDomains).kind;
  if (kind === 'development') return { isOpen: true, shopAddressSuffix: `.localhost${port}`, scheme };
  const root = kind === 'main' ? config.rootDomains.find((domain) => host === domain || host === `www.${domain}`) : undefined;
  return root ? { isOpen: true, shopAddressSuffix: `.${root}${port}`, scheme } : closed;
}

export const shopOrigin = (address: SignupAddress, subdomain: string) => `${address.scheme}://${subdomain}${address.shopAddressSuffix}`;

// What may be chosen at sign-up: an active plan with a price to pay (the trial alone is the other choice).
const paidPlanOnOffer = and(eq(billingPlans.isActive, true), gt(billingPlans.priceMinor, 0));

/** The sign-up page's facts: open here or where, the address suffix, the trial's length, the plans on offer. */
export async function readSignupOptions(deps: AppDependencies, address: SignupAddress): Promise<SignupOptions> {
  const plans = await deps.database.platform
    .select({ id: billingPlans.id, name: billingPlans.name, priceMinor: billingPlans.priceMinor, currency: billingPlans.currency, period: billingPlans.period })
    .from(billingPlans)
    .where(paidPlanOnOffer)
    .orderBy(desc(billingPlans.popularity), asc(billingPlans.priceMinor));
  // Closed by the platform (Settings): the page says so instead of the form.
  const isDisabled = !(await isSignupEnabled(deps.database));
  return {
    isOpen: address.isOpen && !isDisabled,
    ...(isDisabled ? { isDisabled: true } : {}),
    signupUrl: new URL('/signup', deps.config.publicUrl ?? `https://${deps.config.rootDomains[0]}`).toString(),
    shopAddressSuffix: address.shopAddressSuffix,
    trialDays: await readTrialDays(deps.database),
    plans: plans.map((plan) => ({ ...plan, period: plan.period as 'monthly' | 'yearly' })),
  };
}

/** Whether a shop already has the subdomain, as its own or as a domain record under any root domain. */
async function isSubdomainTaken(database: Database, subdomain: string, rootDomains: readonly string[]): Promise<boolean> {
  const [taken] = await database.platform
    .select({ one: sql`1` })
    .from(tenants)
    .where(eq(tenants.subdomain, subdomain))
    .unionAll(
      database.platform
        .select({ one: sql`1` })
        .from(tenantDomains)
        .where(inArray(tenantDomains.domain, rootDomains.map((root) => `${subdomain}.${root}`))),
    )
    .limit(1);
  return Boolean(taken);
}

export async function checkSubdomainAvailability(deps: AppDependencies, subdomain: string): Promise<SubdomainAvailability> {
  const isTaken = await isSubdomainTaken(deps.database, subdomain, deps.config.rootDomains);
  return { subdomain, isAvailable: !isTaken, message: isTaken ? SUBDOMAIN_TAKEN_MESSAGE : null };
}

const subdomainTaken = () => new HttpError('conflict', SUBDOMAIN_TAKEN_MESSAGE, { subdomain: [SUBDOMAIN_TAKEN_MESSAGE] });
const emailRegistered = () => new HttpError('conflict', EMAIL_REGISTERED_MESSAGE, { email: [EMAIL_REGISTERED_MESSAGE] });
const keyReused = () =>
  new HttpError('idempotency_key_reused', /*i18n*/ 'This Idempotency-Key was already used for a different request. Send a new key with a new request.');

export interface SignupRequest {
  address: SignupAddress;
  /** The client's Idempotency-Key, bound to a hash of the request without its password. */
  requestKey: RequestKey | null;
  language: RequestLanguageHints;
}

/**
 * Makes the shop and its owner in one transaction: the tenant and its domain record, the owner's
 * account and profile, the sign-up record with the hand-over token's hash (platform), then in the
 * shop's scope its business settings in the country's currency and time zone, the trial of the
 * platform's length, the default location with its register, units, expense categories, chart of
 * accounts, the owner's admin membership and the first-run checklist. Any failure leaves nothing.
 * The same Idempotency-Key with the same request (and password) answers the same shop with a new
 * hand-over; with another request it is refused. Then the verification code goes to the owner.
 */
export async function signUp(deps: AppDependencies, input: ValidSignup, request: SignupRequest): Promise<SignupResult> {
  if (!request.address.isOpen) throw new HttpError('forbidden', SIGNUP_CLOSED_MESSAGE);
  if (!(await isSignupEnabled(deps.database))) throw new HttpError('forbidden', SIGNUP_DISABLED_MESSAGE);
  const replay = async () => (request.requestKey ? replaySignup(deps, request.requestKey, input.password, request.address) : null);
  const replayed = await replay();
  if (replayed) return replayed;
  try {
    return await openShop(deps, input, request);
  } catch (error) {
    // The same request sent twice at once (a retry before the first answer came): the one that
    // finds the address taken, or loses the insert, answers the other's shop.
    const isConflict = (error instanceof HttpError && error.code === 'conflict') || isUniqueViolation(error);
    const raced = isConflict ? await replay() : null;
    if (raced) return raced;
    throw error;
  }
}

async function openShop(deps: AppDependencies, input: ValidSignup, request: SignupRequest): Promise<SignupResult> {
  if (await isSubdomainTaken(deps.database, input.subdomain, deps.config.rootDomains)) throw subdomainTaken();
  const [registered] = await deps.database.platform.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (registered) throw emailRegistered();
  if (input.planId && !(await isActivePlan(deps.database, input.planId))) {
    throw new HttpError('validation_failed', /*i18n*/ 'Choose a plan', { planId: [/*i18n*/ 'That plan is not available'] });
  }

  const [passwordHash, trialDays, defaultPlanId] = await Promise.all([
    hashPassword(deps.auth, input.password),
    readTrialDays(deps.database),
    // The trial's plan when none is chosen (Settings' default plan): the plan its first payment is for.
    input.planId ? Promise.resolve(null) : readDefaultSignupPlanId(deps.database),
  ]);
  const handoff = issueHandoffToken();
  const country = SIGNUP_COUNTRIES[input.country];
  let tenantId: string;
  try {
    tenantId = await deps.database.withPlatformThenTenant(async (tx, enterTenant) => {
      const tenant = await insertTenant(tx, { name: input.shopName, subdomain: input.subdomain });
      await tx
        .insert(tenantDomains)
        .values({ domain: `${input.subdomain}.${deps.config.rootDomains[0]}`, tenantId: tenant.id, isCustomDomain: false, verifiedAt: new Date() });
      const owner = await insertPerson(tx, { email: input.email, fullName: input.fullName, role: 'admin', tenantId: tenant.id }, passwordHash);
      await tx.insert(shopSignups).values({
        tenantId: tenant.id,
        requestKey: request.requestKey?.key ?? null,
        requestHash: request.requestKey?.requestHash ?? null,
        ownerUserId: owner.id,
        ownerPhone: normalizeSignupPhone(input.phone, input.country)!,
        country: input.country,
        businessType: input.businessType,
        planId: input.planId,
        ...handoff.row,
      });
      const scoped = await enterTenant(tenant.id);
      await setUpNewTenant(
        scoped,
        tenant.id,
        { currencyCode: country.currencyCode, currencySymbol: country.currencySymbol, timeZone: country.timeZone },
        trialDays,
      );
      if (defaultPlanId) await scoped.update(tenantSubscriptions).set({ billingPlanId: defaultPlanId }).where(eq(tenantSubscriptions.tenantId, tenant.id));
      await addMembership(scoped, tenant.id, owner.id, { role: 'admin' });
      await scoped.insert(firstRunChecklists).values({ tenantId: tenant.id });
      return tenant.id;
    });
  } catch (error) {
    // Taken between the check above and the insert, by another sign-up.
    if (isUniqueViolation(error, 'tenants_subdomain_unique') || isUniqueViolation(error, 'tenant_domains_domain_unique')) throw subdomainTaken();
    if (isUniqueViolation(error, 'users_email_unique')) throw emailRegistered();
    throw error;
  }
  // A lookup of the new address a moment ago (a curious visitor) must not keep it unknown here.
  deps.tenantResolver.invalidate(`${input.subdomain}${request.address.shopAddressSuffix}`);
  await sendVerificationCode(deps, input.email, { ...request.language, tenantId });
  return signupResult(tenantId, input.subdomain, request.address, handoff.token);
}

/** The shop an earlier request with this key made, with a new hand-over; null when the key is new. */
async function replaySignup(deps: AppDependencies, requestKey: RequestKey, password: string, address: SignupAddress): Promise<SignupResult | null> {
  const [earlier] = await deps.database.platform
    .select({ tenantId: shopSignups.tenantId, requestHash: shopSignups.requestHash, ownerUserId: shopSignups.ownerUserId, subdomain: tenants.subdomain })
    .from(shopSignups)
    .innerJoin(tenants, eq(tenants.id, shopSignups.tenantId))
    .where(eq(shopSignups.requestKey, requestKey.key))
    .limit(1);
  if (!earlier) return null;
  // The hash leaves the password out (a fast hash of it would be a weak copy): the stored hash says so.
  if (earlier.requestHash !== requestKey.requestHash || !(await passwordMatches(deps, earlier.ownerUserId, password))) throw keyReused();
  const handoff = issueHandoffToken();
  await deps.database.platform.update(shopSignups).set(handoff.row).where(eq(shopSignups.tenantId, earlier.tenantId));
  return signupResult(earlier.tenantId, earlier.subdomain, address, handoff.token);
}

function signupResult(tenantId: string, subdomain: string, address: SignupAddress, token: string): SignupResult {
  const origin = shopOrigin(address, subdomain);
  return { tenantId, subdomain, shopUrl: origin, handoffUrl: handoffUrl(origin, token) };
}

async function isActivePlan(database: Database, planId: string): Promise<boolean> {
  const [plan] = await database.platform
    .select({ id: billingPlans.id })
    .from(billingPlans)
    .where(and(eq(billingPlans.id, planId), paidPlanOnOffer))
    .limit(1);
  return Boolean(plan);
}

/**
 * The e-mail verification code (the profile's Security tab takes it), written by better-auth in the
 * language of the page that signed up. The shop exists either way: a delivery fault is only logged,
 * and the owner can ask for another code there.
 */
async function sendVerificationCode(deps: AppDependencies, email: string, language: RequestLanguageHints) {
  try {
    await withRequestLanguage(language, () => deps.auth.api.sendVerificationOTP({ body: { email, type: 'email-verification' } }));
  } catch (error) {
    deps.logger.error({ err: error }, 'Sending the new owner a verification code failed');
  }
}
