/**
 * The endpoints of packages/domain/src/api/play.ts under their contract names, as their method and
 * path typed by the endpoint they stand for: the web calls them (`call(playApi.…, { params })`).
 * Only types come from the contract, so no Zod reaches the web's bundle; one file per contract
 * file, so a page bundles the groups it calls and no others.
 *
 * Generated from the contract by `npm run generate:endpoints` (packages/domain/scripts/endpoints.ts);
 * do not edit: the domain's tests fail when this file is not what the contract says.
 */
import { ref } from '../endpoint-ref.ts';
import type * as playContract from '../play.ts';

export const playApi = {
  activity: ref<typeof playContract.playApi.activity>('GET', '/api/v2/player/:id/activity'),
  weekly: ref<typeof playContract.playApi.weekly>('GET', '/api/v2/player/:id/activity/weekly'),
  hrRises: ref<typeof playContract.playApi.hrRises>('GET', '/api/v2/player/:id/hr_rises'),
  coolDowns: ref<typeof playContract.playApi.coolDowns>('GET', '/api/v2/player/:id/cool_downs'),
  cooldownEvents: ref<typeof playContract.playApi.cooldownEvents>('GET', '/api/v2/player/:id/cooldown_events'),
  overview: ref<typeof playContract.playApi.overview>('GET', '/api/v1/dashboard/player/:id/overview'),
  familyWeek: ref<typeof playContract.playApi.familyWeek>('GET', '/api/v1/dashboard/account/:id/this_week'),
  statistics: ref<typeof playContract.playApi.statistics>('GET', '/api/v2/accounts/:id/statistics'),
  sessionsCsv: ref<typeof playContract.playApi.sessionsCsv>('GET', '/api/v2/player/:id/sessions.csv'),
};
