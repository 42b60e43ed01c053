import { passwordStrengthLabel, passwordStrengthScore, type PasswordStrengthLabel } from '../../core/auth/password.rules';
import { cn } from '../lib/cn';

const TONE: Record<PasswordStrengthLabel, { bar: string; text: string }> = {
  Weak: { bar: 'bg-destructive', text: 'text-destructive' },
  Fair: { bar: 'bg-amber-500', text: 'text-amber-700 dark:text-amber-400' },
  Good: { bar: 'bg-primary/70', text: 'text-primary' },
  Strong: { bar: 'bg-primary', text: 'text-primary' },
};

/** Live strength of a new password (spec §5 score and labels), shown once typing starts. */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  if (!password) return null;
  const score = passwordStrengthScore(password);
  const label = passwordStrengthLabel(score);
  return (
    <div id={id} className="grid gap-1.5" data-testid="password-strength">
      <div className="flex items-center justify-between text-xs">
        <span className="text-muted-foreground">Password strength</span>
        <span className={cn('font-medium', TONE[label].text)} aria-live="polite">
          {label}
        </span>
      </div>
      <div
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        aria-valuetext={label}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div className={cn('h-full rounded-full transition-[width]', TONE[label].bar)} style={{ width: `${score}%` }} />
      </div>
    </div>
  );
}
