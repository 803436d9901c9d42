/**
 * The endpoints of packages/domain/src/api/webinars.ts under their contract names, as their method and
 * path typed by the endpoint they stand for: the web calls them (`call(webinarsApi.…, { params })`).
 * Only types come from the contract, so no Zod reaches the web's bundle; one file per contract
 * file, so a page bundles the groups it calls and no others.
 *
 * Generated from the contract by `npm run generate:endpoints` (packages/domain/scripts/endpoints.ts);
 * do not edit: the domain's tests fail when this file is not what the contract says.
 */
import { ref } from '../endpoint-ref.ts';
import type * as webinarsContract from '../webinars.ts';

export const webinarsApi = {
  list: ref<typeof webinarsContract.webinarsApi.list>('GET', '/api/v2/webinars/list'),
  registrations: ref<typeof webinarsContract.webinarsApi.registrations>(
    'GET',
    '/api/v2/webinars/webinar_registrant/list',
  ),
  register: ref<typeof webinarsContract.webinarsApi.register>('POST', '/api/v1/webinars/register'),
  unregister: ref<typeof webinarsContract.webinarsApi.unregister>('POST', '/api/v1/webinars/delete'),
  create: ref<typeof webinarsContract.webinarsApi.create>('POST', '/api/v2/webinars'),
  update: ref<typeof webinarsContract.webinarsApi.update>('PATCH', '/api/v2/webinars/:id'),
  onboarding: ref<typeof webinarsContract.webinarsApi.onboarding>('GET', '/api/v2/onboarding'),
  finishStep: ref<typeof webinarsContract.webinarsApi.finishStep>('POST', '/api/v2/onboarding/:step/finish'),
};
