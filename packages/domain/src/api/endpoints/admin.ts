/**
 * The endpoints of packages/domain/src/api/admin.ts under their contract names, as their method and
 * path typed by the endpoint they stand for: the web calls them (`call(adminApi.…, { params })`).
 * Only types come from the contract, so no Zod reaches the web's bundle; one file per contract
 * file, so a page bundles the groups it calls and no others.
 *
 * Generated from the contract by `npm run generate:endpoints` (packages/domain/scripts/endpoints.ts);
 * do not edit: the domain's tests fail when this file is not what the contract says.
 */
import { ref } from '../endpoint-ref.ts';
import type * as adminContract from '../admin.ts';

export const adminApi = {
  accounts: ref<typeof adminContract.adminApi.accounts>('GET', '/api/v2/admin/accounts'),
  account: ref<typeof adminContract.adminApi.account>('GET', '/api/v2/admin/accounts/:id'),
  replaceAccount: ref<typeof adminContract.adminApi.replaceAccount>('PUT', '/api/v2/admin/accounts/:id'),
  updateAccount: ref<typeof adminContract.adminApi.updateAccount>('PATCH', '/api/v2/admin/accounts/:id'),
  tags: ref<typeof adminContract.adminApi.tags>('GET', '/api/v2/admin/accounts/tags'),
  addTag: ref<typeof adminContract.adminApi.addTag>('POST', '/api/v2/admin/accounts/:id/tags'),
  removeTag: ref<typeof adminContract.adminApi.removeTag>('DELETE', '/api/v2/admin/accounts/:id/tags/:tag'),
  migrate: ref<typeof adminContract.adminApi.migrate>('PUT', '/api/v2/admin/migrate_account/:id'),
  shipping: ref<typeof adminContract.adminApi.shipping>('GET', '/api/v2/admin/:id/shipping'),
  patchShipping: ref<typeof adminContract.adminApi.patchShipping>('PATCH', '/api/v2/admin/:id/shipping'),
  createShipping: ref<typeof adminContract.adminApi.createShipping>('POST', '/api/v2/admin/shipping'),
  notes: ref<typeof adminContract.adminApi.notes>('GET', '/api/v2/admin/accounts/:id/notes'),
  note: ref<typeof adminContract.adminApi.note>('GET', '/api/v2/admin/accounts/:id/notes/:noteId'),
  createNote: ref<typeof adminContract.adminApi.createNote>('POST', '/api/v2/admin/accounts/:id/notes'),
  updateNote: ref<typeof adminContract.adminApi.updateNote>('PATCH', '/api/v2/admin/accounts/:id/notes/:noteId'),
  deleteNote: ref<typeof adminContract.adminApi.deleteNote>('DELETE', '/api/v2/admin/accounts/:id/notes/:noteId'),
  accountAudit: ref<typeof adminContract.adminApi.accountAudit>('GET', '/api/v2/admin/accounts/:id/audit'),
  audit: ref<typeof adminContract.adminApi.audit>('GET', '/api/v2/admin/audit'),
};
