import { describe, expect, it } from 'vitest';
import { initialSidebarOpen, isSidebarShortcut, readSidebarCookie, sidebarCookie } from './sidebar-state';

describe('sidebar state', () => {
  it('reads the cookie among others', () => {
    expect(readSidebarCookie('a=1; sidebar_state=false; b=2')).toBe(false);
    expect(readSidebarCookie('sidebar_state=true')).toBe(true);
    expect(readSidebarCookie('a=1')).toBeNull();
    expect(readSidebarCookie('sidebar_state=maybe')).toBeNull();
  });

  it('writes a 7-day cookie for the whole site', () => {
    expect(sidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; samesite=lax');
  });

  it('starts open, closed on the new-sale tab, else as stored', () => {
    expect(initialSidebarOpen('/admin/dashboard', '', null)).toBe(true);
    expect(initialSidebarOpen('/admin/dashboard', '', false)).toBe(false);
    expect(initialSidebarOpen('/admin/sales', '?tab=new-sale', true)).toBe(false);
    expect(initialSidebarOpen('/admin/sales', '?tab=history', null)).toBe(true);
  });

  it('recognises Ctrl+B and Cmd+B only', () => {
    expect(isSidebarShortcut({ key: 'b', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSidebarShortcut({ key: 'B', ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSidebarShortcut({ key: 'b', ctrlKey: false, metaKey: false })).toBe(false);
  });
});
