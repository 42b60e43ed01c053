import type { MessageLanguage } from '../communications/communications.rules';
import { INVITATION_TTL_DAYS } from './team.schemas';

// The invitation link by SMS (issue 20, docs/decisions/0024-permissions-and-team.md): a fixed system
// text in the shop's language, not a template the shop edits (like the test message).

const INVITATION_SMS: Record<MessageLanguage, (values: { inviter: string; shop: string; link: string; days: number }) => string> = {
  en: ({ inviter, shop, link, days }) => `${inviter} invited you to join ${shop} on Dukani. Accept within ${days} days: ${link}`,
  sw: ({ inviter, shop, link, days }) => `${inviter} amekualika ujiunge na ${shop} kwenye Dukani. Kubali ndani ya siku ${days}: ${link}`,
};

export function invitationSms(language: MessageLanguage, values: { inviter: string; shop: string; link: string }): string {
  return INVITATION_SMS[language]({ ...values, days: INVITATION_TTL_DAYS });
}
