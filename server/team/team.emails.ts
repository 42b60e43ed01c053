import type { I18n } from '@lingui/core';
import { layout } from '../auth/auth.emails';
import type { EmailMessage } from '../email/email.service';

/** An invitation link to e-mail: to a new person, or to someone who has a Dukani account already. */
export interface InvitationEmail {
  to: string;
  name: string;
  link: string;
  /** Who sent it (their name, else their e-mail). */
  inviterName: string;
  existingAccount: boolean;
}

/**
 * The invitation link (issue 20): a new person accepts and chooses a password; someone with a
 * Dukani account (staff of another shop) accepts with the password they have.
 */
export function teamInvitationEmail(i18n: I18n, input: InvitationEmail & { shopName: string }): EmailMessage {
  const values = { shop: input.shopName, inviter: input.inviterName };
  const body = layout(
    i18n,
    i18n._({ id: 'email.team-invitation.title', message: 'Join {shop} on Dukani', values }),
    [
      i18n._({ id: 'email.team-invitation.greeting', message: 'Hello {name},', values: { name: input.name } }),
      input.existingAccount
        ? i18n._({
            id: 'email.team-invitation.body-existing-account',
            message: '{inviter} invited you to join {shop} on Dukani. Accept with the password of your Dukani account: one account serves all your shops. The link works once, for 7 days.',
            values,
          })
        : i18n._({
            id: 'email.team-invitation.body',
            message: '{shop} invited you to its team on Dukani. Accept to choose your password. The link works once, for 7 days.',
            values,
          }),
    ],
    { label: i18n._({ id: 'email.team-invitation.action', message: 'Accept the invitation' }), url: input.link },
  );
  const subject = input.existingAccount
    ? i18n._({ id: 'email.team-invitation.subject-existing-account', message: '{inviter} invited you to join {shop}', values })
    : i18n._({ id: 'email.team-invitation.subject', message: 'You are invited to {shop} on Dukani', values });
  return { kind: 'team_invitation', to: input.to, subject, ...body };
}
