import { sql } from 'drizzle-orm';
import type { Campaign, CampaignInput } from '../../core/communications/communications.schemas';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { HttpError, notFound } from '../http/errors';
import { runDueCampaigns } from './automations';

// Campaigns (issue 20, docs/decisions/0026-communications.md): a message to a customer group or a
// tag, now or at a time. One due now is queued before the answer, so the screen shows its counts at
// once; one scheduled is queued by the outbox job when its time comes (automations.ts).

interface CampaignRow {
  id: string;
  name: string;
  channel: Campaign['channel'];
  language: Campaign['language'];
  body: string;
  group_id: string | null;
  tag: string | null;
  scheduled_at: string | Date;
  status: Campaign['status'];
  queued_count: number;
  skipped_count: number;
  created_at: string | Date;
}

const campaignView = (row: CampaignRow): Campaign => ({
  id: row.id,
  name: row.name,
  channel: row.channel,
  language: row.language,
  body: row.body,
  audience: row.group_id ? { type: 'group', groupId: row.group_id } : { type: 'tag', tag: row.tag! },
  scheduledAt: new Date(row.scheduled_at).toISOString(),
  status: row.status,
  queued: row.queued_count,
  skipped: row.skipped_count,
  createdAt: new Date(row.created_at).toISOString(),
});

/** The latest 100, newest first. */
export async function listCampaigns(tx: TenantTx): Promise<Campaign[]> {
  const rows = await queryRows<CampaignRow>(tx, sql`select * from communication_campaigns order by created_at desc limit 100`);
  return rows.map(campaignView);
}

export async function createCampaign(database: Database, tenantId: string, input: CampaignInput, createdBy: string, now = new Date()): Promise<Campaign> {
  const id = await database.withTenant(tenantId, async (tx) => {
    if (input.audience.type === 'group') {
      const [group] = await queryRows(tx, sql`select id from customer_groups where id = ${input.audience.groupId}::uuid`);
      if (!group) throw new HttpError('validation_failed', /*i18n*/ 'Customer group not found', { 'audience.groupId': [/*i18n*/ 'Customer group not found'] });
    }
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into communication_campaigns (tenant_id, name, channel, language, body, group_id, tag, scheduled_at, created_by)
          values (${tenantId}, ${input.name}, ${input.channel}, ${input.language}, ${input.body},
                  ${input.audience.type === 'group' ? input.audience.groupId : null}, ${input.audience.type === 'tag' ? input.audience.tag : null},
                  ${(input.scheduledAt ? new Date(input.scheduledAt) : now).toISOString()}::timestamptz, ${createdBy})
          returning id`,
    );
    return row!.id;
  });
  if (!input.scheduledAt || new Date(input.scheduledAt) <= now) await runDueCampaigns(database, tenantId, now);
  const [row] = await database.withTenant(tenantId, (tx) => queryRows<CampaignRow>(tx, sql`select * from communication_campaigns where id = ${id}`));
  return campaignView(row!);
}

/** Cancels a scheduled campaign; one already queued keeps its messages (409). */
export async function cancelCampaign(tx: TenantTx, id: string): Promise<Campaign> {
  const [found] = await queryRows<CampaignRow>(tx, sql`select * from communication_campaigns where id = ${id} for update`);
  if (!found) throw notFound(/*i18n*/ 'Campaign not found');
  if (found.status === 'queued') throw new HttpError('conflict', /*i18n*/ 'This campaign has already been queued');
  const [updated] = await queryRows<CampaignRow>(tx, sql`update communication_campaigns set status = 'cancelled', updated_at = now() where id = ${id} returning *`);
  return campaignView(updated!);
}
