import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { translateMessage } from '../i18n/translate-message';
import { Label } from './ui/label';

interface FieldMessages {
  error?: string | undefined;
  hint?: ReactNode;
}

/**
 * Label, control, hint and error of one form field, tied together by ids. The error is shown in
 * the language on screen: a shared schema's or the API's English message is translated here
 * (web/i18n/translate-message.ts); a message already written through Lingui passes unchanged.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  labelAside,
  children,
}: FieldMessages & { id: string; label: ReactNode; labelAside?: ReactNode; children: ReactNode }) {
  // Re-renders on a change of language, so a message kept in state follows it.
  const { i18n } = useLingui();
  return (
    <div className="grid min-w-0 content-start gap-2">
      <div className="flex min-h-4 items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {translateMessage(error, i18n)}
        </p>
      )}
    </div>
  );
}

/** The control's side of FormField: invalid state and the ids of its hint and error. */
export function fieldControlProps(id: string, { error, hint }: FieldMessages) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined };
}
