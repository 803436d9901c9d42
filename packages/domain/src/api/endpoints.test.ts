import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS_FILE, renderEndpoints } from '../../scripts/endpoints.ts';
import { playersApi as contractPlayers } from './players.ts';
import { playersApi } from './endpoints.ts';

describe('the endpoints the web calls (endpoints.ts)', () => {
  it('are what the contract says: run `npm run generate:endpoints` after changing it', async () => {
    expect(fs.readFileSync(ENDPOINTS_FILE, 'utf8')).toBe(await renderEndpoints());
  });

  it('carry the method and path of the contract, and nothing of its schemas', () => {
    expect(playersApi.list).toEqual({ method: 'GET', url: contractPlayers.list.url });
    expect(playersApi.hrGauge.set).toEqual({ method: 'POST', url: '/api/v1/accounts/players/:id/hr_gauge' });
    expect(fs.readFileSync(ENDPOINTS_FILE, 'utf8')).not.toMatch(/^import (?!type)/m);
  });
});
