import { describe, expect, it } from 'vitest';
import {
  classifyHost,
  fallbackHosts,
  generateSubdomain,
  isUsableTenantStatus,
  isValidCustomDomain,
  isValidSubdomain,
  isWellFormedHost,
  normalizeHost,
} from './tenancy.rules';

const ROOTS = ['dukani.co.ke', 'dukani.com'];

describe('isValidSubdomain (spec §5)', () => {
  it.each([
    ['abc', true],
    ['demo', true],
    ['acme-hardware', true],
    ['a1b2', true],
    ['ABC', true],
    ['a'.repeat(63), true],
    ['ab', false],
    ['a'.repeat(64), false],
    ['-abc', false],
    ['abc-', false],
    ['ab_c', false],
    ['ab.c', false],
    ['ab c', false],
    ['', false],
    ['a--b', true],
  ])('%s → %s', (value, expected) => {
    expect(isValidSubdomain(value)).toBe(expected);
  });
});

describe('isValidCustomDomain (spec §5)', () => {
  it.each([
    ['shop.example.co.ke', true],
    ['example.com', true],
    ['my-shop.ke', true],
    ['a.b.c.example.org', true],
    ['example', false],
    ['example.c', false],
    ['example.c0m', false],
    ['example.123', false],
    ['-bad.example.com', false],
    ['bad-.example.com', false],
    ['exa mple.com', false],
    ['example..com', false],
    ['.example.com', false],
    ['example.com.', false],
    ['', false],
  ])('%s → %s', (value, expected) => {
    expect(isValidCustomDomain(value)).toBe(expected);
  });
});

describe('generateSubdomain (spec §5)', () => {
  it.each([
    ['Demo Duka', 'demo-duka'],
    ['Acme Hardware', 'acme-hardware'],
    ['  Mama  Mboga!! Shop  ', 'mama-mboga-shop'],
    ["Wanjiru's Café & Bakery", 'wanjiru-s-caf-bakery'],
    ['---Edge---Case---', 'edge-case'],
    ['UPPER lower 123', 'upper-lower-123'],
    ['', ''],
    ['!!!', ''],
  ])('%s → %s', (name, expected) => {
    expect(generateSubdomain(name)).toBe(expected);
  });

  it('cuts to 63 characters and never ends with a hyphen after the cut', () => {
    expect(generateSubdomain('a'.repeat(80))).toBe('a'.repeat(63));
    const cutAtHyphen = generateSubdomain(`${'a'.repeat(62)} bcd`);
    expect(cutAtHyphen).toBe('a'.repeat(62));
    expect(cutAtHyphen.length).toBeLessThanOrEqual(63);
  });
});

describe('normalizeHost', () => {
  it('lowercases and strips the port and trailing dot', () => {
    expect(normalizeHost('Demo.LocalHost:3000')).toBe('demo.localhost');
    expect(normalizeHost('shop.example.com.')).toBe('shop.example.com');
    expect(normalizeHost('[::1]:3000')).toBe('[::1]');
    expect(normalizeHost(undefined)).toBe('');
    expect(normalizeHost('[::1')).toBe('');
  });
});

describe('isWellFormedHost', () => {
  it.each([
    ['demo.localhost', true],
    ['shop.example.co.ke', true],
    ['[::1]', true],
    ['', true],
    ["x'or'1'='1.localhost", false],
    ['a_b.dukani.com', false],
    ['a'.repeat(254), false],
  ])('%s → %s', (host, expected) => {
    expect(isWellFormedHost(host)).toBe(expected);
  });
});

describe('classifyHost (spec §2, §4)', () => {
  it('development hosts give no tenant', () => {
    expect(classifyHost('localhost:3000', ROOTS).kind).toBe('development');
    expect(classifyHost('127.0.0.1', ROOTS).kind).toBe('development');
    expect(classifyHost('', ROOTS).kind).toBe('development');
  });
  it('main hosts with and without www on both root domains', () => {
    for (const host of ['dukani.co.ke', 'www.dukani.co.ke', 'dukani.com', 'WWW.DUKANI.COM:443']) {
      expect(classifyHost(host, ROOTS).kind).toBe('main');
    }
  });
  it('tenant subdomains of the root domains', () => {
    expect(classifyHost('acme.dukani.co.ke', ROOTS)).toEqual({
      kind: 'root-subdomain',
      host: 'acme.dukani.co.ke',
      subdomain: 'acme',
      rootDomain: 'dukani.co.ke',
    });
    expect(classifyHost('acme.dukani.com', ROOTS)).toMatchObject({ subdomain: 'acme', rootDomain: 'dukani.com' });
  });
  it('a deeper name under a root domain is not a tenant subdomain', () => {
    expect(classifyHost('a.b.dukani.com', ROOTS).kind).toBe('custom');
  });
  it('local subdomains', () => {
    expect(classifyHost('demo.localhost:3000', ROOTS)).toEqual({
      kind: 'local-subdomain',
      host: 'demo.localhost',
      subdomain: 'demo',
    });
  });
  it('anything else is a custom domain', () => {
    expect(classifyHost('shop.example.co.ke', ROOTS)).toEqual({ kind: 'custom', host: 'shop.example.co.ke' });
    expect(classifyHost('notdukani.com', ROOTS).kind).toBe('custom');
  });
});

describe('fallbackHosts', () => {
  it('tries the same subdomain on the other main domain', () => {
    expect(fallbackHosts('acme', 'dukani.com', ROOTS)).toEqual(['acme.dukani.co.ke']);
    expect(fallbackHosts('acme', 'dukani.co.ke', ROOTS)).toEqual(['acme.dukani.com']);
  });
});

describe('isUsableTenantStatus (spec §3)', () => {
  it('only active and trial are usable', () => {
    expect(isUsableTenantStatus('active')).toBe(true);
    expect(isUsableTenantStatus('trial')).toBe(true);
    expect(isUsableTenantStatus('suspended')).toBe(false);
    expect(isUsableTenantStatus('cancelled')).toBe(false);
  });
});
