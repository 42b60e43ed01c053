import type { I18n } from '@lingui/core';
import { INTL_LOCALES, type Locale } from '../../core/i18n/locale.rules';
import { formatMinorUnits } from '../../core/settings/money.rules';
import { statementFileName } from '../../core/statements/statement.rules';
import type { Statement, StatementEmailInput, StatementEmailResult } from '../../core/statements/statement.schemas';
import type { EmailMessage } from '../email/email.service';
import { HttpError } from '../http/errors';
import type { AppDependencies } from '../http/context';
import { emailLanguage } from '../i18n/email-language';
import { contactStatement } from './statement.service';
import { formatStatementDate, renderStatementPdf, statementTitle } from './statement.pdf';

// A statement sent by e-mail (issue 14): the PDF attached, a short note with the closing balance,
// in the recipient's language. Without SMTP it lands in the outbox (the development mailbox).

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function statementEmail(i18n: I18n, statement: Statement, input: { to: string; pdf: Uint8Array; fileName: string }): EmailMessage {
  const locale = i18n.locale as Locale;
  const from = formatStatementDate(statement.from, locale);
  const to = formatStatementDate(statement.to, locale);
  const closing = formatMinorUnits(statement.closingBalanceMinor, statement.shop.currencyCode, statement.shop.currencyDecimals, INTL_LOCALES[locale]);
  const title = statementTitle(i18n, statement.side);
  const subject = i18n._({ id: 'statement.email.subject', message: '{title} from {shop}, {from} to {to}', values: { title, shop: statement.shop.name, from, to } });
  const paragraphs = [
    i18n._({ id: 'statement.email.dear', message: 'Dear {name},', values: { name: statement.contact.name } }),
    i18n._({
      id: 'statement.email.body',
      message: 'Your statement from {shop} for {from} to {to} is attached as a PDF.',
      values: { shop: statement.shop.name, from, to },
    }),
    i18n._({ id: 'statement.email.closing', message: 'Closing balance on {date}: {amount}', values: { date: to, amount: closing } }),
    i18n._({ id: 'statement.email.questions', message: 'If anything on it looks wrong, reply to the shop or call in.' }),
  ];
  const html = `<!doctype html><html lang="${locale}"><body style="margin:0;background:#f4f6f5;font-family:Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1c2b24">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:12px;border:1px solid #dfe7e3">
<tr><td style="padding:24px 28px;border-bottom:1px solid #dfe7e3;font-weight:700;font-size:18px;color:#166534">${escapeHtml(statement.shop.name)}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 14px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
</td></tr></table></td></tr></table></body></html>`;
  const text = [title, '', ...paragraphs, '', `— ${statement.shop.name}`].join('\n');
  return {
    kind: 'account_statement',
    to: input.to,
    subject,
    text,
    html,
    attachments: [{ filename: input.fileName, contentType: 'application/pdf', content: input.pdf }],
  };
}

/** Builds the statement, renders the PDF and hands the e-mail to the mailer (the outbox without SMTP). */
export async function emailStatement(deps: AppDependencies, tenantId: string, contactId: string, input: StatementEmailInput): Promise<StatementEmailResult> {
  const statement = await contactStatement(deps.database, tenantId, contactId, input);
  const recipient = input.email ?? statement.contact.email;
  if (!recipient) {
    throw new HttpError('validation_failed', /*i18n*/ 'Some fields are invalid', { email: [/*i18n*/ 'This contact has no e-mail address: enter one'] });
  }
  // The recipient's language: their own choice if they have an account, else the shop's default
  // language (not the sender's screen: the e-mail is for the contact).
  const language = input.language ?? (await emailLanguage(deps.database, { email: recipient }, { tenantId }));
  const i18n = deps.i18n.of(language);
  const pdf = await renderStatementPdf(statement, i18n);
  const fileName = statementFileName(statement.contact.name, statement);
  await deps.mailer.send({ ...statementEmail(i18n, statement, { to: recipient, pdf, fileName }), tenantId });
  return { sentTo: recipient.toLowerCase(), language, fileName };
}
