import { Trans, useLingui } from '@lingui/react/macro';
import { passwordStrengthLabel, passwordStrengthScore, type PasswordStrengthLabel } from '../../core/auth/password.rules';
import { translateMessage } from '../i18n/translate-message';
import { cn } from '../lib/cn';

const TONE: Record<PasswordStrengthLabel, { bar: string; text: string }> = {
  Weak: { bar: 'bg-destructive', text: 'text-destructive' },
  Fair: { bar: 'bg-amber-500', text: 'text-amber-700 dark:text-amber-400' },
  Good: { bar: 'bg-primary/70', text: 'text-primary' },
  Strong: { bar: 'bg-primary', text: 'text-primary' },
};

/** Live strength of a new password (spec §5 score and labels), shown once typing starts. */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const { t } = useLingui();
  if (!password) return null;
  const score = passwordStrengthScore(password);
  const label = passwordStrengthLabel(score);
  // Spec §5's labels (core/), in the language on screen.
  const labelText = translateMessage(label);
  return (
    <div id={id} className="grid gap-1.5" data-testid="password-strength">
      <div className="flex items-center justify-between text-xs">
        <span className="text-muted-foreground">
          <Trans>Password strength</Trans>
        </span>
        <span className={cn('font-medium', TONE[label].text)} aria-live="polite">
          {labelText}
        </span>
      </div>
      <div
        role="meter"
        aria-label={t`Password strength`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        aria-valuetext={labelText}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div className={cn('h-full rounded-full transition-[width]', TONE[label].bar)} style={{ width: `${score}%` }} />
      </div>
    </div>
  );
}
