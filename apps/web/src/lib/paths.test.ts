import { describe, expect, it } from 'vitest';

import { href, loginHref, safeNext } from './paths.ts';

describe('paths', () => {
  it('builds addresses with path parameters and the query parameters that have a value', () => {
    expect(href('root.admin.accounts.details', { accountId: 42 })).toBe('/admin/accounts/42');
    expect(href('root.user.player.stats', null, { pid: 3, gis: '' })).toBe('/dashboard/stats?pid=3');
    expect(
      href('root.user.resources-dev', { storage: 's3', environment: 'qa', branchType: 'feature', branch: 'menu' }),
    ).toBe('/s3/qa/feature/menu/dashboard/resources');
    expect(href('setpassword', null, { o: 'a b' })).toBe('/start?o=a+b');
  });

  it('only follows next inside the portal', () => {
    expect(safeNext('/dashboard/stats?pid=1')).toBe('/dashboard/stats?pid=1');
    expect(safeNext('//evil.example')).toBeNull();
    expect(safeNext('https://evil.example')).toBeNull();
    expect(safeNext('/\\evil.example')).toBeNull();
    expect(safeNext('/login?next=/x')).toBeNull();
    expect(safeNext('/logout/')).toBeNull();
    expect(loginHref('/dashboard')).toBe('/login?next=%2Fdashboard');
    expect(loginHref('/')).toBe('/login');
  });
});
