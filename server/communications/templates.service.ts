import { sql } from 'drizzle-orm';
import { CHANNELS, DEFAULT_TEMPLATES, MESSAGE_LANGUAGES, TEMPLATE_KINDS } from '../../core/communications/communications.rules';
import type { TemplateInput, TemplateKey } from '../../core/communications/communications.schemas';
import { queryRows, type TenantTx } from '../db/client';

// The message templates (issue 20, docs/decisions/0026-communications.md): a built-in text in
// English and Kiswahili for each kind, replaced by the shop's own text for a kind, channel and
// language. Resetting removes the shop's own, so the built-in text (and no WhatsApp template
// name) applies again.

interface OwnTemplateRow {
  kind: TemplateKey['kind'];
  channel: TemplateKey['channel'];
  language: TemplateKey['language'];
  body: string;
  whatsapp_template: string | null;
}

const templateView = (key: TemplateKey, own: OwnTemplateRow | undefined) => ({
  ...key,
  body: own?.body ?? DEFAULT_TEMPLATES[key.kind][key.language],
  whatsappTemplate: own?.whatsapp_template ?? null,
  custom: own !== undefined,
});

/** Every kind, channel and language: the shop's own text or the built-in one. */
export async function listTemplates(tx: TenantTx) {
  const own = await queryRows<OwnTemplateRow>(tx, sql`select kind, channel, language, body, whatsapp_template from message_templates`);
  return TEMPLATE_KINDS.flatMap((kind) =>
    CHANNELS.flatMap((channel) =>
      MESSAGE_LANGUAGES.map((language) =>
        templateView(
          { kind, channel, language },
          own.find((row) => row.kind === kind && row.channel === channel && row.language === language),
        ),
      ),
    ),
  );
}

export async function saveTemplate(tx: TenantTx, tenantId: string, input: TemplateInput) {
  await tx.execute(
    sql`insert into message_templates (tenant_id, kind, channel, language, body, whatsapp_template)
        values (${tenantId}, ${input.kind}, ${input.channel}, ${input.language}, ${input.body}, ${input.whatsappTemplate})
        on conflict (tenant_id, kind, channel, language) do update set body = excluded.body, whatsapp_template = excluded.whatsapp_template, updated_at = now()`,
  );
  return { ...input, custom: true };
}

/** Back to the built-in text: the shop's own is deleted (nothing to delete is the same answer). */
export async function resetTemplate(tx: TenantTx, key: TemplateKey) {
  await tx.execute(sql`delete from message_templates where kind = ${key.kind} and channel = ${key.channel} and language = ${key.language}`);
  return templateView(key, undefined);
}
