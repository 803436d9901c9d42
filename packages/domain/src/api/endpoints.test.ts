import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS_DIR, staleEndpointFiles } from '../../scripts/endpoints.ts';
import { playersApi as contractPlayers } from './players.ts';
import { playersApi } from './endpoints/players.ts';

describe('the endpoints the web calls (api/endpoints/*.ts)', () => {
  it('are what the contract says: run `npm run generate:endpoints` after changing it', async () => {
    expect(await staleEndpointFiles()).toEqual([]);
  });

  it('carry the method and path of the contract, and nothing of its schemas', () => {
    expect(playersApi.list).toEqual({ method: 'GET', url: contractPlayers.list.url });
    expect(playersApi.hrGauge.set).toEqual({ method: 'POST', url: '/api/v1/accounts/players/:id/hr_gauge' });
    for (const file of fs.readdirSync(ENDPOINTS_DIR)) {
      const text = fs.readFileSync(path.join(ENDPOINTS_DIR, file), 'utf8');
      expect(text.match(/^import (?!type).*$/gm), file).toEqual(["import { ref } from '../endpoint-ref.ts';"]);
    }
  });
});
