import { describe, expect, it } from 'vitest';
import { withLinksInNewTab } from './mail-html';

describe('withLinksInNewTab', () => {
  it('adds a base target inside an existing head', () => {
    expect(withLinksInNewTab('<html><head><title>x</title></head><body>hi</body></html>')).toBe(
      '<html><head><base target="_blank"><title>x</title></head><body>hi</body></html>',
    );
  });

  it('adds a head to a document without one, keeping the doctype first', () => {
    expect(withLinksInNewTab('<!doctype html><html lang="en"><body>hi</body></html>')).toBe(
      '<!doctype html><html lang="en"><head><base target="_blank"></head><body>hi</body></html>',
    );
  });

  it('prefixes a fragment', () => {
    expect(withLinksInNewTab('<p>hi</p>')).toBe('<base target="_blank"><p>hi</p>');
  });
});
