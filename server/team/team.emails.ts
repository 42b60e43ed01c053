import type { I18n } from '@lingui/core';
import { layout } from '../auth/auth.emails';
import type { EmailMessage } from '../email/email.service';

/** The invitation link (issue 20): accept, choose a password, signed in. */
export function teamInvitationEmail(i18n: I18n, input: { to: string; name: string; shopName: string; link: string }): EmailMessage {
  const body = layout(
    i18n,
    i18n._({ id: 'email.team-invitation.title', message: 'Join {shop} on Dukani', values: { shop: input.shopName } }),
    [
      i18n._({ id: 'email.team-invitation.greeting', message: 'Hello {name},', values: { name: input.name } }),
      i18n._({
        id: 'email.team-invitation.body',
        message: '{shop} invited you to its team on Dukani. Accept to choose your password. The link works once, for 7 days.',
        values: { shop: input.shopName },
      }),
    ],
    { label: i18n._({ id: 'email.team-invitation.action', message: 'Accept the invitation' }), url: input.link },
  );
  const subject = i18n._({ id: 'email.team-invitation.subject', message: 'You are invited to {shop} on Dukani', values: { shop: input.shopName } });
  return { kind: 'team_invitation', to: input.to, subject, ...body };
}
