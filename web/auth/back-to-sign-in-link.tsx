import { Link } from 'react-router';

export function BackToSignInLink() {
  return (
    <p className="text-center text-sm">
      <Link to="/auth" className="rounded-sm text-primary underline-offset-4 hover:underline">
        Back to sign in
      </Link>
    </p>
  );
}
