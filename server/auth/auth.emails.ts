import type { I18n } from '@lingui/core';
import type { EmailMessage } from '../email/email.service';

// Branded plain-text + HTML messages. Kept simple: inline styles only, no remote images.
// Each is written in the recipient's language: `i18n` is the Lingui instance of that language
// (server/i18n/server-i18n.ts; the language is chosen by server/i18n/email-language.ts).
export function layout(i18n: I18n, title: string, paragraphs: string[], action?: { label: string; url: string }, code?: string) {
  const escape = (value: string) =>
    value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const html = `<!doctype html><html lang="${i18n.locale}"><body style="margin:0;background:#f4f6f5;font-family:Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1c2b24">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:12px;border:1px solid #dfe7e3">
<tr><td style="padding:24px 28px;border-bottom:1px solid #dfe7e3;font-weight:700;font-size:18px;color:#166534">Dukani</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:20px">${escape(title)}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 14px;line-height:1.5">${escape(p)}</p>`).join('\n')}
${code ? `<p style="margin:20px 0;font-size:32px;letter-spacing:8px;font-weight:700;font-family:Consolas,monospace">${escape(code)}</p>` : ''}
${action ? `<p style="margin:24px 0"><a href="${escape(action.url)}" style="background:#166534;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block">${escape(action.label)}</a></p><p style="margin:0;font-size:12px;color:#5b6b63;word-break:break-all">${escape(action.url)}</p>` : ''}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #dfe7e3;font-size:12px;color:#5b6b63">${escape(
    i18n._({
      id: 'email.footer',
      message: 'You received this because of activity on your Dukani account. If it was not you, ignore this message.',
    }),
  )}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    title,
    '',
    ...paragraphs,
    ...(code ? ['', code] : []),
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    '',
    '— Dukani',
  ].join('\n');
  return { html, text };
}

export function verificationCodeEmail(i18n: I18n, input: { to: string; code: string }): EmailMessage {
  const body = layout(
    i18n,
    i18n._({ id: 'email.verification.title', message: 'Your verification code' }),
    [
      i18n._({
        id: 'email.verification.body',
        message: 'Enter this code in Dukani to verify your e-mail address. It expires in 10 minutes and works once.',
      }),
    ],
    undefined,
    input.code,
  );
  const subject = i18n._({ id: 'email.verification.subject', message: 'Your Dukani verification code: {code}', values: { code: input.code } });
  return { kind: 'email_verification', to: input.to, subject, ...body };
}

export function passwordResetEmail(i18n: I18n, input: { to: string; name: string; link: string }): EmailMessage {
  const greeting = input.name
    ? i18n._({ id: 'email.reset.greeting.named', message: 'Hello {name},', values: { name: input.name } })
    : i18n._({ id: 'email.reset.greeting', message: 'Hello,' });
  const body = layout(
    i18n,
    i18n._({ id: 'email.reset.title', message: 'Reset your password' }),
    [
      greeting,
      i18n._({
        id: 'email.reset.body',
        message: 'Someone asked to reset the password of your Dukani account. The link works once, for one hour.',
      }),
    ],
    { label: i18n._({ id: 'email.reset.action', message: 'Choose a new password' }), url: input.link },
  );
  const subject = i18n._({ id: 'email.reset.subject', message: 'Reset your Dukani password' });
  return { kind: 'password_reset', to: input.to, subject, ...body };
}

export function emailChangeEmail(i18n: I18n, input: { to: string; link: string }): EmailMessage {
  const body = layout(
    i18n,
    i18n._({ id: 'email.change.title', message: 'Confirm your new e-mail address' }),
    [
      i18n._({
        id: 'email.change.body',
        message: 'Your Dukani account asked to use this address from now on. Confirm it to finish the change. The link works once, for one hour.',
      }),
    ],
    { label: i18n._({ id: 'email.change.action', message: 'Confirm this address' }), url: input.link },
  );
  const subject = i18n._({ id: 'email.change.subject', message: 'Confirm your new Dukani e-mail address' });
  return { kind: 'email_change', to: input.to, subject, ...body };
}
