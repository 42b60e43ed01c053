import { postHistoryJob } from '../accounting/history';
import { recurringJournalsJob } from '../accounting/recurring-journals.service';
import { demoSalesJob } from '../db/demo-sales';
import { etimsOutboxJob, etimsWorkerDeps, startEtimsSigner } from '../etims/etims-worker';
import { recurringExpensesJob } from '../expenses/recurring-expenses.service';
import { communicationsAutomationsJob, communicationsOutboxJob } from '../communications/automations';
import { outboxDeps, startCommunicationsSender } from '../communications/outbox';
import type { AppDependencies } from '../http/context';
import { loyaltyExpiryJob } from '../loyalty/loyalty-expiry.job';
import { platformAnnouncementJobs } from '../platform/communications.service';
import { securityEventsRetentionJob } from '../platform/security-events';
import { stalePromptsJob } from '../payments/stk.service';
import { dailySummaryJob, rebuildSummariesJob } from '../reports/report-jobs';
import { createJobQueue, startJobRunner, type JobDefinition, type JobRunner } from './job-queue';

// The app's background jobs (docs/decisions/0016). A new job is added to this list.

export function appJobDefinitions(deps: Pick<AppDependencies, 'database' | 'logger' | 'mailer' | 'i18n' | 'secretBox' | 'config'>): JobDefinition[] {
  return [
    loyaltyExpiryJob(deps.database, deps.logger),
    demoSalesJob(deps.database),
    recurringExpensesJob(deps.database, deps.logger),
    recurringJournalsJob(deps.database, deps.logger),
    postHistoryJob(deps.database, deps.logger),
    rebuildSummariesJob(deps.database, deps.logger),
    dailySummaryJob(deps, deps.logger),
    etimsOutboxJob(etimsWorkerDeps(deps)),
    stalePromptsJob(deps),
    communicationsOutboxJob(outboxDeps(deps)),
    communicationsAutomationsJob(outboxDeps(deps)),
    ...platformAnnouncementJobs(deps),
    securityEventsRetentionJob(deps),
  ];
}

/** Starts this server's poller when the config enables jobs (JOBS_ENABLED, JOBS_POLL_MS); null otherwise. */
export function startAppJobs(deps: Pick<AppDependencies, 'database' | 'logger' | 'config' | 'mailer' | 'i18n' | 'secretBox'>): JobRunner | null {
  if (!deps.config.jobsEnabled) return null;
  const queue = createJobQueue(deps.database, appJobDefinitions(deps));
  const runner = startJobRunner(queue, deps.logger, { pollMs: deps.config.jobsPollMs });
  // eTIMS documents are signed moments after their sale's commit (docs/decisions/0023-etims-oscu.md).
  const signer = startEtimsSigner(etimsWorkerDeps(deps));
  // Messages go moments after they are queued (the recurring job is the net).
  const sender = startCommunicationsSender(outboxDeps(deps));
  return { queue: runner.queue, stop: () => Promise.all([runner.stop(), signer.stop(), sender.stop()]).then(() => undefined) };
}
