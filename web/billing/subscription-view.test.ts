import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { planStatusLine } from './subscription-view';

const now = new Date('2026-11-10T09:00:00Z');
const day = (iso: string) => new Date(`${iso}T09:00:00Z`);
const formatDate = (date: Date) => date.toISOString().slice(0, 10);

// English with no catalog: each message's own English (the source language).
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe("the dashboard's plan line", () => {
  it('says one day, not one days', () => {
    expect(planStatusLine({ status: 'trial', trialEnd: day('2026-11-11'), currentPeriodEnd: null }, 1, now, formatDate)).toBe('1 day left in your trial');
  });

  it('counts the trial days while the trial runs', () => {
    expect(planStatusLine({ status: 'trial', trialEnd: day('2026-11-15'), currentPeriodEnd: null }, 5, now, formatDate)).toBe('5 days left in your trial');
  });

  it('says a plan paid during the trial starts when the trial ends (issue 10 item 2), not that the trial goes on alone', () => {
    const paidDuringTrial = { status: 'active', trialEnd: day('2026-11-15'), currentPeriodEnd: day('2026-12-15') };
    expect(planStatusLine(paidDuringTrial, 5, now, formatDate)).toBe('Free trial to 2026-11-15, then renews on 2026-12-15');
  });

  it('gives the renewal date of a paid plan, and the date an ended one ended', () => {
    expect(planStatusLine({ status: 'active', trialEnd: day('2026-10-01'), currentPeriodEnd: day('2026-12-01') }, 0, now, formatDate)).toBe('Renews on 2026-12-01');
    expect(planStatusLine({ status: 'trial', trialEnd: day('2026-11-09'), currentPeriodEnd: null }, 0, now, formatDate)).toBe('Trial ended on 2026-11-09');
    expect(planStatusLine({ status: 'active', trialEnd: null, currentPeriodEnd: day('2026-11-01') }, 0, now, formatDate)).toBe('Ended on 2026-11-01');
    expect(planStatusLine(null, 0, now, formatDate)).toBe('No active subscription');
  });
});

describe('the plan line in Kiswahili', () => {
  it('counts the trial days with the catalog of the billing area', async () => {
    // Compiled by Lingui's plugin as in the app (catalogs.ts); a variable keeps the .po out of the type check.
    const catalog = '../locales/sw/billing.po';
    const { messages } = (await import(/* @vite-ignore */ catalog)) as { messages: Record<string, string> };
    i18n.load('sw', messages);
    i18n.activate('sw');
    try {
      expect(planStatusLine({ status: 'trial', trialEnd: day('2026-11-15'), currentPeriodEnd: null }, 5, now, formatDate)).toBe('Zimebaki siku 5 za majaribio');
      expect(planStatusLine({ status: 'trial', trialEnd: day('2026-11-11'), currentPeriodEnd: null }, 1, now, formatDate)).toBe('Imebaki siku 1 ya majaribio');
      expect(planStatusLine({ status: 'active', trialEnd: null, currentPeriodEnd: day('2026-12-01') }, 0, now, formatDate)).toBe('Unasasishwa tarehe 2026-12-01');
    } finally {
      i18n.activate('en');
    }
  });
});
