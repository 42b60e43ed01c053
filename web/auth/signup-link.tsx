import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useSignupOptions } from '../signup/signup-options';

/**
 * On the sign-in page of an address without a shop: the way to open one, where this host opens shops
 * (sign-up, web/signup). Here with the sign-in page's texts, which every page has loaded.
 */
export function SignupLink() {
  const options = useSignupOptions();
  if (!options.data?.isOpen) return null;
  return (
    <p className="mt-4 text-center text-sm text-muted-foreground">
      <Trans>
        New to Dukani?{' '}
        <Link to="/signup" className="rounded-sm font-medium text-primary underline-offset-4 hover:underline">
          Open your shop
        </Link>
      </Trans>
    </p>
  );
}
