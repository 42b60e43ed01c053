import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';

export function BackToSignInLink() {
  return (
    <p className="text-center text-sm">
      <Link to="/auth" className="rounded-sm text-primary underline-offset-4 hover:underline">
        <Trans>Back to sign in</Trans>
      </Link>
    </p>
  );
}
