import { describe, expect, it } from 'vitest';
import { playersApi } from '@grove/domain/api/endpoints/players';

import { fakeApi } from '../../../test/fake-api.ts';
import { storeSession } from '../../../test/fixtures.ts';
import { fetchAccountPlayers } from './players.ts';

function link(id: number, name: string) {
  return {
    id: id + 100,
    player: { id, name: `${name} (profile)`, in_program: true, role: 'child' },
    role: 'child',
    player_name: name,
    in_program: false,
  };
}

describe('fetchAccountPlayers', () => {
  it('reads page 1, then the remaining pages, and merges them sorted by player id', async () => {
    storeSession();
    const server = fakeApi([
      [
        playersApi.list,
        (request) => {
          const page = request.query.get('page');
          if (page === '1')
            return {
              body: {
                count: 5,
                next: '/api/v2/player/accounts/7/?page=2',
                previous: null,
                results: [link(5, 'Eve'), link(3, 'Cam')],
              },
            };
          if (page === '2')
            return {
              body: {
                count: 5,
                next: '/api/v2/player/accounts/7/?page=3',
                previous: null,
                results: [link(1, 'Ada'), link(4, 'Dan')],
              },
            };
          return { body: { count: 5, next: null, previous: null, results: [link(2, 'Bo')] } };
        },
        { id: 7 },
      ],
    ]);
    const list = await fetchAccountPlayers(7);
    expect(list.results.map((player) => player.id)).toEqual([1, 2, 3, 4, 5]);
    expect(list.count).toBe(5);
    expect(list.results[0]).toEqual({ id: 1, name: 'Ada', in_program: false, role: 'child' });
    expect(server.calls.map((call) => call.query.get('page'))).toEqual(['1', '2', '3']);
  });

  it('treats an account the API does not know (404) as one without players', async () => {
    storeSession();
    fakeApi();
    await expect(fetchAccountPlayers(9)).resolves.toEqual({ count: 0, results: [] });
  });

  it('passes other failures on', async () => {
    storeSession();
    fakeApi([[playersApi.list, { status: 500 }, { id: 9 }]]);
    await expect(fetchAccountPlayers(9)).rejects.toMatchObject({ status: 500 });
  });
});
