import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  announcementAudienceSchema,
  type Announcement,
  type AnnouncementAudience,
  type AnnouncementPage,
  type EmailDeliverability,
  type ValidAnnouncement,
} from '../../core/platform/communications.schemas';
import { queryRows, type Database } from '../db/client';
import { users } from '../db/schema/auth';
import { notifications } from '../db/schema/notifications';
import { platformAnnouncements } from '../db/schema/platform';
import type { Mailer } from '../email/email.service';
import type { AppDependencies } from '../http/context';
import { HttpError } from '../http/errors';
import type { Logger } from '../logger';
import { createJobQueue, pollJobsNow, type JobDefinition } from '../jobs/job-queue';
import { unsafeReadAcrossTenants } from './cross-tenant-read';
import { recordPlatformAudit } from './platform-audit';
import { isoOrNull } from './platform-sql';
import { PLATFORM_STATUS_SQL } from './tenant-status.sql';

// The console's Communications page (issue 21, docs/platform.md "Communications"). An announcement
// is a platform row; the delivery job (run at its start, or at once) gives every shop of its
// audience one `notifications` row in that shop's scope (permission `member`: everyone there sees
// it in the header's menu) and, when asked, queues an e-mail to each of the shop's owners through
// the mailer. The shop's notification has the announcement's id as its own id, so a job that runs
// twice adds nothing, and the withdrawal job (at the end) removes exactly those rows.

export const ANNOUNCEMENT_DELIVER_JOB = 'platform.announcement.deliver';
export const ANNOUNCEMENT_WITHDRAW_JOB = 'platform.announcement.withdraw';
export const ANNOUNCEMENT_NOTIFICATION_KIND = 'platform_announcement';

const SHOPS_PER_LEASE = 100;

/** The shops an audience names now (each shop's id), resolved across every shop. */
export async function resolveAudience(database: Database, audience: AnnouncementAudience): Promise<string[]> {
  const where =
    audience.kind === 'all'
      ? sql`true`
      : audience.kind === 'plan'
        ? sql`s.billing_plan_id in (${sql.join(audience.planIds.map((id) => sql`${id}::uuid`), sql`, `)})`
        : audience.kind === 'status'
          ? sql`(${PLATFORM_STATUS_SQL}) in (${sql.join(audience.statuses.map((status) => sql`${status}`), sql`, `)})`
          : sql`t.id in (${sql.join(audience.tenantIds.map((id) => sql`${id}::uuid`), sql`, `)})`;
  return unsafeReadAcrossTenants(database, async (tx) => {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`select t.id from tenants t left join tenant_subscription_details s on s.tenant_id = t.id where ${where} order by t.created_at, t.id`,
    );
    return rows.map((row) => row.id);
  });
}

/** Saves the announcement (audited) and queues its delivery at its start, or now. */
export async function createAnnouncement(deps: AppDependencies, actorUserId: string, input: ValidAnnouncement): Promise<Announcement> {
  if (input.audience.kind === 'tenants') {
    const found = await resolveAudience(deps.database, input.audience);
    if (found.length !== new Set(input.audience.tenantIds).size) {
      throw new HttpError('validation_failed', /*i18n*/ 'Choose shops that exist', { 'audience.tenantIds': [/*i18n*/ 'A chosen shop does not exist'] });
    }
  }
  const startsAt = input.startsAt ? new Date(input.startsAt) : null;
  const endsAt = input.endsAt ? new Date(input.endsAt) : null;
  const runNow = !startsAt || startsAt.getTime() <= Date.now();
  const id = await deps.database.platform.transaction(async (tx) => {
    const [row] = await tx
      .insert(platformAnnouncements)
      .values({
        title: input.title,
        body: input.body,
        severity: input.severity,
        link: input.link ?? null,
        audience: input.audience,
        startsAt,
        endsAt,
        emailOwners: input.emailOwners,
        createdBy: actorUserId,
      })
      .returning({ id: platformAnnouncements.id });
    const announcementId = row!.id;
    await recordPlatformAudit(tx, {
      actorUserId,
      action: 'announcement.created',
      after: { title: input.title, severity: input.severity, audience: input.audience, startsAt: input.startsAt ?? null, endsAt: input.endsAt ?? null, emailOwners: input.emailOwners },
      details: { announcementId },
    });
    // Queued with the announcement, in its transaction: both or neither.
    const runAt = runNow || !startsAt ? new Date() : startsAt;
    await tx.execute(
      sql`insert into background_jobs (name, payload, run_at) values (${ANNOUNCEMENT_DELIVER_JOB}, ${JSON.stringify({ announcementId })}::jsonb, ${runAt.toISOString()}::timestamptz)`,
    );
    if (endsAt) {
      await tx.execute(
        sql`insert into background_jobs (name, payload, run_at) values (${ANNOUNCEMENT_WITHDRAW_JOB}, ${JSON.stringify({ announcementId })}::jsonb, ${endsAt.toISOString()}::timestamptz)`,
      );
    }
    return announcementId;
  });
  // An announcement for now is delivered in moments, not at the next poll.
  if (runNow) pollJobsNow();
  return (await readAnnouncement(deps.database, id))!;
}

type AnnouncementRow = typeof platformAnnouncements.$inferSelect & { createdByEmail: string | null };

function toAnnouncement(row: AnnouncementRow): Announcement {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    severity: row.severity as Announcement['severity'],
    link: row.link,
    audience: announcementAudienceSchema.parse(row.audience),
    startsAt: isoOrNull(row.startsAt),
    endsAt: isoOrNull(row.endsAt),
    emailOwners: row.emailOwners,
    status: row.status as Announcement['status'],
    shopCount: row.shopCount,
    emailCount: row.emailCount,
    createdByEmail: row.createdByEmail,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: isoOrNull(row.deliveredAt),
  };
}

async function readAnnouncement(database: Database, id: string): Promise<Announcement | null> {
  const [row] = await database.platform
    .select({ announcement: platformAnnouncements, createdByEmail: users.email })
    .from(platformAnnouncements)
    .leftJoin(users, eq(users.id, platformAnnouncements.createdBy))
    .where(eq(platformAnnouncements.id, id));
  return row ? toAnnouncement({ ...row.announcement, createdByEmail: row.createdByEmail }) : null;
}

/** Past and planned announcements, newest first, a page at a time. */
export async function listAnnouncements(database: Database, query: { page: number; pageSize: number }): Promise<AnnouncementPage> {
  const [rows, [total]] = await Promise.all([
    database.platform
      .select({ announcement: platformAnnouncements, createdByEmail: users.email })
      .from(platformAnnouncements)
      .leftJoin(users, eq(users.id, platformAnnouncements.createdBy))
      .orderBy(desc(platformAnnouncements.createdAt), desc(platformAnnouncements.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    database.platform.select({ n: count() }).from(platformAnnouncements),
  ]);
  return {
    items: rows.map((row) => toAnnouncement({ ...row.announcement, createdByEmail: row.createdByEmail })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The e-mail outbox over the last 7 days: queued, sent, failed, and the ten latest failures. */
export async function readEmailDeliverability(deps: Pick<AppDependencies, 'database' | 'mailer'>): Promise<EmailDeliverability> {
  const since = new Date(Date.now() - 7 * 24 * 60 * 60_000);
  return unsafeReadAcrossTenants(deps.database, async (tx) => {
    const [counts] = await queryRows<{ queued: number; sent: number; failed: number }>(
      tx,
      sql`select count(*) filter (where sent_at is null and error is null)::int as queued,
                 count(*) filter (where sent_at is not null)::int as sent,
                 count(*) filter (where sent_at is null and error is not null)::int as failed
            from email_outbox where created_at >= ${since.toISOString()}::timestamptz`,
    );
    const failures = await queryRows<{ id: string; kind: string; to_address: string; subject: string; error: string; created_at: Date | string }>(
      tx,
      sql`select id, kind, to_address, subject, error, created_at from email_outbox
           where sent_at is null and error is not null and created_at >= ${since.toISOString()}::timestamptz
           order by created_at desc limit 10`,
    );
    return {
      since: since.toISOString(),
      queued: counts?.queued ?? 0,
      sent: counts?.sent ?? 0,
      failed: counts?.failed ?? 0,
      transport: deps.mailer.transport,
      latestFailures: failures.map((row) => ({
        id: row.id,
        kind: row.kind,
        to: row.to_address,
        subject: row.subject,
        error: row.error,
        createdAt: new Date(row.created_at).toISOString(),
      })),
    };
  });
}

interface JobDeps {
  database: Database;
  mailer: Mailer;
  logger: Logger;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Delivers one announcement: the notifications of its shops, then the owners' e-mails. Idempotent per shop. */
export async function deliverAnnouncement(deps: JobDeps, announcementId: string, extendLease: () => Promise<void> = async () => {}): Promise<void> {
  const [announcement] = await deps.database.platform.select().from(platformAnnouncements).where(eq(platformAnnouncements.id, announcementId));
  if (!announcement || announcement.status !== 'queued') return;
  if (announcement.endsAt && announcement.endsAt.getTime() <= Date.now()) {
    await deps.database.platform.update(platformAnnouncements).set({ status: 'withdrawn' }).where(eq(platformAnnouncements.id, announcementId));
    return;
  }
  const tenantIds = await resolveAudience(deps.database, announcementAudienceSchema.parse(announcement.audience));
  const owners = new Map<string, string[]>();
  if (announcement.emailOwners && tenantIds.length) {
    const rows = await unsafeReadAcrossTenants(deps.database, (tx) =>
      queryRows<{ tenant_id: string; email: string }>(
        tx,
        sql`select tu.tenant_id, u.email from tenant_users tu join users u on u.id = tu.user_id
             where tu.role = 'admin' and tu.is_active and tu.tenant_id = any(${`{${tenantIds.join(',')}}`}::uuid[])`,
      ),
    );
    for (const row of rows) owners.set(row.tenant_id, [...(owners.get(row.tenant_id) ?? []), row.email]);
  }
  const kind = announcement.severity === 'warning' ? `${ANNOUNCEMENT_NOTIFICATION_KIND}_warning` : ANNOUNCEMENT_NOTIFICATION_KIND;
  let emails = 0;
  for (const [index, tenantId] of tenantIds.entries()) {
    if (index > 0 && index % SHOPS_PER_LEASE === 0) await extendLease();
    const inserted = await deps.database.withTenant(tenantId, (tx) =>
      tx
        .insert(notifications)
        .values({ tenantId, id: announcement.id, kind, title: announcement.title, body: announcement.body, link: announcement.link, permission: 'member' })
        .onConflictDoNothing()
        .returning({ id: notifications.id }),
    );
    // A shop already given it by an earlier run has had its e-mails too.
    if (inserted.length === 0) continue;
    for (const to of owners.get(tenantId) ?? []) {
      try {
        await deps.mailer.send({
          kind: 'platform_announcement',
          to,
          tenantId,
          subject: announcement.title,
          text: `${announcement.body}\n\n— Dukani`,
          html: `<p>${escapeHtml(announcement.body).replace(/\n/g, '<br>')}</p><p>— Dukani</p>`,
        });
        emails += 1;
      } catch (error) {
        // Recorded in the outbox with its error (the Communications page lists it); the others still go.
        deps.logger.warn({ err: error, announcementId }, 'An announcement e-mail could not be delivered');
      }
    }
  }
  await deps.database.platform
    .update(platformAnnouncements)
    .set({
      status: 'delivered',
      shopCount: tenantIds.length,
      emailCount: sql`${platformAnnouncements.emailCount} + ${emails}`,
      deliveredAt: new Date(),
    })
    .where(and(eq(platformAnnouncements.id, announcementId), inArray(platformAnnouncements.status, ['queued'])));
}

/** Its end passed: the shops' notifications of it go (their read marks with them). */
export async function withdrawAnnouncement(deps: JobDeps, announcementId: string): Promise<void> {
  const tenantIds = await unsafeReadAcrossTenants(deps.database, async (tx) => {
    const rows = await queryRows<{ id: string }>(tx, sql`select id from tenants`);
    return rows.map((row) => row.id);
  });
  for (const tenantId of tenantIds) {
    await deps.database.withTenant(tenantId, (tx) =>
      tx.delete(notifications).where(and(eq(notifications.id, announcementId), sql`${notifications.kind} like ${`${ANNOUNCEMENT_NOTIFICATION_KIND}%`}`)),
    );
  }
  await deps.database.platform.update(platformAnnouncements).set({ status: 'withdrawn' }).where(eq(platformAnnouncements.id, announcementId));
}

export function platformAnnouncementJobs(deps: JobDeps): JobDefinition[] {
  return [
    { name: ANNOUNCEMENT_DELIVER_JOB, handler: (job) => deliverAnnouncement(deps, String(job.payload.announcementId), job.extendLease) },
    { name: ANNOUNCEMENT_WITHDRAW_JOB, handler: (job) => withdrawAnnouncement(deps, String(job.payload.announcementId)) },
  ];
}

/** Runs the announcement jobs due now (tests, and the e2e's server without a poller). */
export const announcementQueue = (deps: JobDeps) => createJobQueue(deps.database, platformAnnouncementJobs(deps));
