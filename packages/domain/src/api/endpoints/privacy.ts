/**
 * The endpoints of packages/domain/src/api/privacy.ts under their contract names, as their method and
 * path typed by the endpoint they stand for: the web calls them (`call(privacyApi.…, { params })`).
 * Only types come from the contract, so no Zod reaches the web's bundle; one file per contract
 * file, so a page bundles the groups it calls and no others.
 *
 * Generated from the contract by `npm run generate:endpoints` (packages/domain/scripts/endpoints.ts);
 * do not edit: the domain's tests fail when this file is not what the contract says.
 */
import { ref } from '../endpoint-ref.ts';
import type * as privacyContract from '../privacy.ts';

export const privacyApi = {
  status: ref<typeof privacyContract.privacyApi.status>('GET', '/api/v2/user/privacy'),
  agree: ref<typeof privacyContract.privacyApi.agree>('POST', '/api/v2/user/privacy/consent'),
  analytics: ref<typeof privacyContract.privacyApi.analytics>('PUT', '/api/v2/user/privacy/analytics'),
  paymentTexts: ref<typeof privacyContract.privacyApi.paymentTexts>('PUT', '/api/v2/user/privacy/payment_texts'),
  accountConsents: ref<typeof privacyContract.privacyApi.accountConsents>('GET', '/api/v2/accounts/:id/consents'),
};
