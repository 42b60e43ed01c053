import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircle2Icon, CircleAlertIcon, StoreIcon } from 'lucide-react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../core/auth/password.rules';
import type { SignupOptions } from '../../core/tenancy/signup-options.schemas';
import { BUSINESS_TYPE_KEYS, BUSINESS_TYPES, DEFAULT_SIGNUP_COUNTRY, SIGNUP_COUNTRIES, SIGNUP_COUNTRY_CODES, type SignupCountry } from '../../core/tenancy/signup.rules';
import { signupSchema, subdomainProblem, type SignupInput } from '../../core/tenancy/signup.schemas';
import { generateSubdomain } from '../../core/tenancy/tenancy.rules';
import { AuthCardSkeleton } from '../auth/auth-card';
import { pricePerPeriod } from '../billing/subscription-required-page';
import { fieldControlProps, FormField } from '../components/form-field';
import { PasswordInput } from '../components/password-input';
import { PasswordStrengthMeter } from '../components/password-strength-meter';
import { Alert, AlertDescription } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { InlineSpinner } from '../components/ui/spinner';
import { translateMessage } from '../i18n/translate-message';
import { useDebouncedValue } from '../inventory/inventory-ui';
import { isApiError } from '../lib/api-client';
import { cn } from '../lib/cn';
import { failureMessage, firstFieldErrors, firstInvalidField, type FieldErrors } from '../lib/form-errors';
import { formatWait } from '../lib/format';
import { useCountdown } from '../lib/use-countdown';
import { PRODUCT_NAME, useDocumentTitle } from '../lib/use-document-title';
import { useSignup, useSubdomainAvailability } from './signup.api';
import { useSignupOptions } from './signup-options';

/** The form's fields in the order they are shown (the first one wrong takes the focus). */
const FIELD_ORDER = ['shopName', 'subdomain', 'businessType', 'fullName', 'email', 'phone', 'password', 'country', 'planId'] as const;
type Field = (typeof FIELD_ORDER)[number];
type Values = Omit<Record<Field, string>, 'planId'> & { planId: string | null };

const EMPTY: Values = {
  shopName: '',
  subdomain: '',
  businessType: '',
  fullName: '',
  email: '',
  phone: '',
  password: '',
  country: DEFAULT_SIGNUP_COUNTRY,
  planId: null,
};

/** How long the address waits after the last key before the server is asked about it. */
const AVAILABILITY_DEBOUNCE_MS = 400;

/**
 * /signup on the main host (issue 21, docs/signup.md): a new shop with its owner, opened at once
 * on its trial; the owner lands signed in at the shop's own address. Elsewhere it points there.
 */
export function SignupPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Open your shop · ${PRODUCT_NAME}`);
  const options = useSignupOptions();
  if (options.isPending) return <AuthCardSkeleton />;
  if (options.isError) {
    return (
      <SignupCard title={t`Open your shop`}>
        <p role="alert" className="text-sm text-destructive">
          {failureMessage(options.error, t`The sign-up page could not be loaded. Check the connection and try again.`)}
        </p>
        <Button variant="outline" className="mt-4" onClick={() => void options.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </SignupCard>
    );
  }
  if (options.data.isDisabled) {
    return (
      <SignupCard title={t`Open your shop`}>
        <p role="status" className="text-sm">
          <Trans>Sign-up of new shops is closed for now. Please try again later.</Trans>
        </p>
      </SignupCard>
    );
  }
  if (!options.data.isOpen) {
    const signupUrl = options.data.signupUrl;
    return (
      <SignupCard title={t`Open your shop`}>
        <p className="text-sm">
          <Trans>
            New shops are opened on the Dukani home page, not at a shop's address. Go to <a href={signupUrl} className="font-medium text-primary underline-offset-4 hover:underline">{signupUrl}</a>.
          </Trans>
        </p>
      </SignupCard>
    );
  }
  return <SignupForm options={options.data} />;
}

function SignupCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Card className="w-full max-w-2xl">
      <CardHeader className="items-center gap-3 text-center">
        <div className="flex size-12 items-center justify-center rounded-2xl bg-primary text-primary-foreground">
          <StoreIcon aria-hidden className="size-6" />
        </div>
        <CardTitle className="text-2xl">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function SignupForm({ options }: { options: SignupOptions }) {
  const { t } = useLingui();
  const signup = useSignup();
  const [values, setValues] = useState<Values>(EMPTY);
  const [isSubdomainEdited, setIsSubdomainEdited] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // One key per request body: a retry of the same form (an answer lost on the way) gets the same
  // shop; an edited form is a new request with a new key.
  const lastAttempt = useRef<{ body: string; key: string } | null>(null);
  const wait = useCountdown();
  const formRef = useRef<HTMLFormElement>(null);
  const suffix = options.shopAddressSuffix;
  const trialDays = options.trialDays;

  const set = (field: Field, value: string | null) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };
  const changeShopName = (shopName: string) => {
    set('shopName', shopName);
    // The address follows the name until the owner types one of their own.
    if (!isSubdomainEdited) set('subdomain', generateSubdomain(shopName));
  };

  const subdomain = values.subdomain.trim().toLowerCase();
  const localProblem = subdomain ? subdomainProblem(subdomain) : null;
  const settled = useDebouncedValue(subdomain, AVAILABILITY_DEBOUNCE_MS);
  const availability = useSubdomainAvailability(!localProblem && settled && settled === subdomain ? settled : null);
  // Only the answer about what is in the field now counts (the last one stays while the next is asked).
  const answer = availability.data?.subdomain === subdomain ? availability.data : undefined;
  const subdomainError = fieldErrors.subdomain ?? localProblem ?? (answer && !answer.isAvailable ? (answer.message ?? undefined) : undefined);
  const address = `${subdomain || t`yourshop`}${suffix}`;
  const subdomainStatus = (): ReactNode => {
    if (!subdomain) return <Trans>Your shop's address: {address}</Trans>;
    if (answer?.isAvailable) {
      return (
        <span className="flex items-center gap-1 text-primary">
          <CheckCircle2Icon aria-hidden className="size-3.5" />
          <Trans>{address} is free</Trans>
        </span>
      );
    }
    if (availability.isError && settled === subdomain) return failureMessage(availability.error, t`The address could not be checked. It is checked again when you open the shop.`);
    return <Trans>Checking {address}…</Trans>;
  };
  const subdomainHint = subdomainError ? undefined : <span aria-live="polite">{subdomainStatus()}</span>;

  const focusField = (field: string | undefined) => {
    if (field) formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signup.isPending || wait.secondsLeft > 0) return;
    const input: SignupInput = { ...values, businessType: values.businessType as SignupInput['businessType'], country: values.country as SignupCountry };
    const parsed = signupSchema.safeParse(input);
    if (!parsed.success) {
      const errors = firstFieldErrors(parsed.error);
      setFieldErrors(errors);
      setFormError(null);
      focusField(firstInvalidField(errors, FIELD_ORDER));
      return;
    }
    setFieldErrors({});
    setFormError(null);
    const body = JSON.stringify(input);
    if (lastAttempt.current?.body !== body) lastAttempt.current = { body, key: crypto.randomUUID() };
    signup.mutate(
      { input, requestKey: lastAttempt.current.key },
      {
        // A full load of the shop's own address, where the hand-over signs the owner in.
        onSuccess: (result) => window.location.assign(result.handoffUrl),
        onError: (error) => {
          if (isApiError(error) && error.fields) {
            const errors = Object.fromEntries(Object.entries(error.fields).map(([field, [message]]) => [field, message]));
            setFieldErrors(errors);
            focusField(firstInvalidField(errors, FIELD_ORDER));
            return;
          }
          if (isApiError(error) && error.retryAfterSeconds) wait.start(error.retryAfterSeconds);
          setFormError(failureMessage(error, t`Your shop could not be opened. Please try again.`));
        },
      },
    );
  };
  const control = (field: Field, hint?: ReactNode) => fieldControlProps(`signup-${field}`, { error: field === 'subdomain' ? subdomainError : fieldErrors[field], hint });
  const isWaiting = wait.secondsLeft > 0;
  const waitText = formatWait(wait.secondsLeft);
  const chosenPlan = options.plans.find((plan) => plan.id === values.planId);

  return (
    <SignupCard title={t`Open your shop`} description={t`Free for ${trialDays} days. No card needed to start.`}>
      <form ref={formRef} noValidate onSubmit={submit} className="grid gap-6" aria-label={t`Open your shop`}>
        {formError && (
          <Alert variant="destructive">
            <CircleAlertIcon aria-hidden />
            <AlertDescription>
              <p>{formError}</p>
            </AlertDescription>
          </Alert>
        )}
        <fieldset className="grid gap-4">
          <legend className="mb-2 font-semibold">
            <Trans>Your shop</Trans>
          </legend>
          <FormField id="signup-shopName" label={t`Shop name`} error={fieldErrors.shopName}>
            <Input {...control('shopName')} name="shopName" autoComplete="organization" value={values.shopName} onChange={(event) => changeShopName(event.target.value)} />
          </FormField>
          <FormField id="signup-subdomain" label={t`Shop address`} error={subdomainError} hint={subdomainHint}>
            <div className="flex min-w-0 items-center gap-2">
              <Input
                {...control('subdomain', subdomainHint)}
                name="subdomain"
                autoCapitalize="none"
                autoComplete="off"
                spellCheck={false}
                className="min-w-0 flex-1"
                value={values.subdomain}
                onChange={(event) => {
                  setIsSubdomainEdited(true);
                  set('subdomain', event.target.value);
                }}
              />
              <span className="shrink-0 text-sm text-muted-foreground">{suffix}</span>
            </div>
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="signup-businessType" label={t`What do you sell?`} error={fieldErrors.businessType}>
              <NativeSelect {...control('businessType')} name="businessType" value={values.businessType} onChange={(event) => set('businessType', event.target.value)}>
                <option value="">{t`Choose…`}</option>
                {BUSINESS_TYPE_KEYS.map((type) => (
                  <option key={type} value={type}>
                    {translateMessage(BUSINESS_TYPES[type])}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id="signup-country" label={t`Country and currency`} error={fieldErrors.country}>
              <NativeSelect {...control('country')} name="country" value={values.country} onChange={(event) => set('country', event.target.value)}>
                {SIGNUP_COUNTRY_CODES.map((code) => (
                  <option key={code} value={code}>
                    {translateMessage(SIGNUP_COUNTRIES[code].name)} ({SIGNUP_COUNTRIES[code].currencyCode})
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
        </fieldset>

        <fieldset className="grid gap-4">
          <legend className="mb-2 font-semibold">
            <Trans>You, the owner</Trans>
          </legend>
          <FormField id="signup-fullName" label={t`Full name`} error={fieldErrors.fullName}>
            <Input {...control('fullName')} name="fullName" autoComplete="name" value={values.fullName} onChange={(event) => set('fullName', event.target.value)} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="signup-email" label={t`Email`} error={fieldErrors.email}>
              <Input
                {...control('email')}
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="you@example.com"
                value={values.email}
                onChange={(event) => set('email', event.target.value)}
              />
            </FormField>
            <FormField id="signup-phone" label={t`Phone`} error={fieldErrors.phone}>
              <Input
                {...control('phone')}
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder={values.country === 'KE' ? '0712 345 678' : `+${SIGNUP_COUNTRIES[values.country as SignupCountry].dialingCode} …`}
                value={values.phone}
                onChange={(event) => set('phone', event.target.value)}
              />
            </FormField>
          </div>
          <div className="grid gap-2">
            <FormField id="signup-password" label={t`Password`} error={fieldErrors.password} hint={t`At least ${PASSWORD_MIN_LENGTH} characters`}>
              <PasswordInput
                {...control('password', t`At least ${PASSWORD_MIN_LENGTH} characters`)}
                name="password"
                autoComplete="new-password"
                value={values.password}
                onChange={(event) => set('password', event.target.value)}
              />
            </FormField>
            <PasswordStrengthMeter password={values.password} />
          </div>
        </fieldset>

        {options.plans.length > 0 && (
          <fieldset className="grid gap-2 sm:grid-cols-2">
            <legend className="mb-2 font-semibold">
              <Trans>Plan</Trans>
            </legend>
            <PlanChoice id="signup-plan-trial" className="sm:col-span-2" checked={values.planId === null} onChange={() => set('planId', null)}>
              <span className="font-medium">
                <Trans>Start with the free trial</Trans>
              </span>
              <span className="text-sm text-muted-foreground">
                <Trans>Every feature for {trialDays} days; choose a plan whenever you are ready.</Trans>
              </span>
            </PlanChoice>
            {options.plans.map((plan) => (
              <PlanChoice key={plan.id} id={`signup-plan-${plan.id}`} checked={values.planId === plan.id} onChange={() => set('planId', plan.id)}>
                <span className="font-medium">{plan.name}</span>
                <span className="text-sm text-muted-foreground">{pricePerPeriod(plan)}</span>
              </PlanChoice>
            ))}
            {chosenPlan && (
              <p className="text-sm text-muted-foreground sm:col-span-2">
                <Trans>Once your shop is open you will go to the payment page for {chosenPlan.name}.</Trans>
              </p>
            )}
            {fieldErrors.planId && <p className="text-sm text-destructive sm:col-span-2">{translateMessage(fieldErrors.planId)}</p>}
          </fieldset>
        )}

        <div className="grid gap-3">
          <Button type="submit" size="lg" disabled={signup.isPending || isWaiting}>
            {signup.isPending ? (
              <>
                <InlineSpinner />
                <Trans>Opening your shop…</Trans>
              </>
            ) : isWaiting ? (
              t`Try again in ${waitText}`
            ) : (
              <Trans>Open my shop</Trans>
            )}
          </Button>
          <p className="text-center text-xs text-muted-foreground">
            <Trans>
              By opening a shop you accept the{' '}
              <Link to="/terms" className="underline underline-offset-4 hover:text-foreground">
                Terms of Service
              </Link>{' '}
              and the{' '}
              <Link to="/privacy" className="underline underline-offset-4 hover:text-foreground">
                Privacy Policy
              </Link>
              .
            </Trans>
          </p>
          <p className="text-center text-sm text-muted-foreground">
            <Trans>
              Already have a shop?{' '}
              <Link to="/auth" className="font-medium text-primary underline-offset-4 hover:underline">
                Sign in
              </Link>
            </Trans>
          </p>
        </div>
      </form>
    </SignupCard>
  );
}

function PlanChoice({ id, checked, onChange, className, children }: { id: string; checked: boolean; onChange: () => void; className?: string; children: ReactNode }) {
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
        className,
      )}
    >
      <input id={id} type="radio" name="planId" className="mt-1 accent-primary" checked={checked} onChange={onChange} />
      <span className="grid gap-0.5">{children}</span>
    </label>
  );
}
