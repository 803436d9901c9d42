/**
 * The endpoints of packages/domain/src/api/surveys.ts under their contract names, as their method and
 * path typed by the endpoint they stand for: the web calls them (`call(surveysApi.…, { params })`).
 * Only types come from the contract, so no Zod reaches the web's bundle; one file per contract
 * file, so a page bundles the groups it calls and no others.
 *
 * Generated from the contract by `npm run generate:endpoints` (packages/domain/scripts/endpoints.ts);
 * do not edit: the domain's tests fail when this file is not what the contract says.
 */
import { ref } from '../endpoint-ref.ts';
import type * as surveysContract from '../surveys.ts';

export const surveysApi = {
  list: ref<typeof surveysContract.surveysApi.list>('GET', '/api/v2/player/surveys'),
  userResponses: ref<typeof surveysContract.surveysApi.userResponses>('GET', '/api/v2/player/surveys/responses'),
  playerResponses: ref<typeof surveysContract.surveysApi.playerResponses>('GET', '/api/v2/admin/players/:id/responses'),
  linkProfile: ref<typeof surveysContract.surveysApi.linkProfile>('POST', '/api/v2/player/:id/link-profile'),
  delinkProfile: ref<typeof surveysContract.surveysApi.delinkProfile>('POST', '/api/v2/player/:id/delink-profile'),
  submit: ref<typeof surveysContract.surveysApi.submit>('POST', '/api/v2/player/:id/surveys/:surveyId/responses'),
};
