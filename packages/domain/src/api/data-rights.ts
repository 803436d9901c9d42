/**
 * Exports and deletions (issue 17 items 2 and 3; docs/decisions/0038 and 0039): a parent's copy
 * of one player's or the whole account's data, deleting a player's data or closing the account
 * after a grace period with undo, and the pending deletions staff see. The parent's routes live
 * with the other account routes under /api/v2/user/accounts/{id}/. Rules and messages are in
 * ../data-rights.ts.
 */
import * as z from 'zod';

import { DATA_RIGHTS_MESSAGES, DATA_SCOPES, DELETION_STATUSES, EXPORT_STATUSES } from '../data-rights.ts';
import {
  count,
  endpoint,
  id,
  idParam,
  optional,
  page,
  pageQuery,
  timestamp,
  type Reply,
  type RequestBody,
} from './common.ts';

const tags = ['data rights'];
const accountParams = z.object({ id: idParam });
const person = z.object({ id: count, name: z.string() });

export const dataExport = z.object({
  id: count,
  scope: z.enum(DATA_SCOPES),
  player: person.nullable().describe('The player exported; null for the whole account.'),
  status: z.enum(EXPORT_STATUSES),
  requested_at: timestamp,
  requested_by: person.nullable(),
  ready_at: timestamp.nullable(),
  expires_at: timestamp.nullable().describe('The download works until then (set once ready).'),
  file_name: z.string().nullable(),
  size_bytes: count.nullable(),
  row_counts: z
    .record(z.string(), count)
    .nullable()
    .describe('Rows written per table, e.g. { "play_sessions": 120 } (once ready).'),
  download_url: z.string().nullable().describe('Where to download it (signed-in members only); null unless ready.'),
});

export const deletionRequest = z.object({
  id: count,
  scope: z.enum(DATA_SCOPES),
  player: z
    .object({ id: count.nullable().describe('null once erased.'), name: z.string() })
    .nullable()
    .describe('The player whose data goes; null when the account closes.'),
  status: z.enum(DELETION_STATUSES),
  requested_at: timestamp,
  requested_by: person.nullable(),
  due_at: timestamp.describe('When the data is erased; until then the request can be undone.'),
  cancelled_at: timestamp.nullable(),
  cancelled_by: person.nullable(),
  completed_at: timestamp.nullable(),
  removed: z.record(z.string(), count).nullable().describe('Rows erased per table (once completed).'),
});

export const dataRights = z.object({
  exports: z.array(dataExport).describe('The latest exports, newest first.'),
  deletions: z.array(deletionRequest).describe('The latest deletion requests, newest first.'),
  grace_days: count.describe('Days a deletion waits before it is carried out.'),
  link_hours: count.describe('Hours an export can be downloaded once ready.'),
});

const scopeBody = z.object({
  player_id: optional(id.nullable()).describe('The player; absent or null for the whole account.'),
});

export const pendingDeletion = deletionRequest.extend({
  account: z.object({ id: count, holder_name: z.string(), holder_email: z.string() }),
});

export const dataRightsApi = {
  overview: endpoint('GET', '/api/v2/user/accounts/:id/data-rights', {
    tags,
    summary: "An account's exports and deletion requests, newest first",
    description: 'Members of the account and staff; a coach or another family answers 404.',
    params: accountParams,
    response: { 200: dataRights },
  }),
  requestExport: endpoint('POST', '/api/v2/user/accounts/:id/exports', {
    tags,
    summary: 'Ask for a copy of one player’s or the whole account’s data',
    description:
      'Members of the account only (staff answer 403). A job builds a ZIP (data.json, plus CSV for sessions and heart-rate events) and e-mails the parent when it is ready; 409 while the same export is being prepared.',
    params: accountParams,
    body: scopeBody,
    response: { 202: dataExport },
  }),
  download: endpoint('GET', '/api/v2/user/accounts/:id/exports/:exportId/download', {
    tags,
    summary: 'Download a finished export (a ZIP file)',
    description: 'Members of the account only. 409 while it is being prepared, 410 once its link has expired.',
    params: z.object({ id: idParam, exportId: idParam }),
    produces: ['application/zip'],
    response: { 200: z.string().describe('application/zip: data.json, README.txt and one CSV per play table.') },
  }),
  requestDeletion: endpoint('POST', '/api/v2/user/accounts/:id/deletions', {
    tags,
    summary: 'Delete one player’s data, or close the account, after the grace period',
    description:
      'Members of the account only (staff answer 403). Until `due_at` the request can be undone; then a job erases the data everywhere, keeps billing records, and e-mails the parent.',
    params: accountParams,
    body: scopeBody.extend({
      confirm: z.literal(true, { error: DATA_RIGHTS_MESSAGES.confirmDeletion }).describe('true: the parent confirmed.'),
    }),
    response: { 201: deletionRequest },
  }),
  undoDeletion: endpoint('POST', '/api/v2/user/accounts/:id/deletions/:deletionId/undo', {
    tags,
    summary: 'Undo a pending deletion: nothing is erased',
    description: 'Members of the account only. 409 once it was cancelled or carried out.',
    params: z.object({ id: idParam, deletionId: idParam }),
    response: { 200: deletionRequest },
  }),
  deleteNow: endpoint('POST', '/api/v2/user/accounts/:id/deletions/:deletionId/now', {
    tags,
    summary: 'Carry out a pending deletion now instead of at the end of the grace period',
    description: 'Members of the account only. 409 once it was cancelled or carried out.',
    params: z.object({ id: idParam, deletionId: idParam }),
    body: z.object({
      confirm: z.literal(true, { error: DATA_RIGHTS_MESSAGES.confirmDeletion }).describe('true: the parent confirmed.'),
    }),
    response: { 200: deletionRequest },
  }),
  pending: endpoint('GET', '/api/v2/admin/deletions', {
    tags,
    summary: 'Deletions waiting for their grace period to end, soonest first (staff)',
    description: 'Staff see them and cannot undo them or bring erased data back.',
    querystring: pageQuery(),
    response: { 200: page(pendingDeletion) },
  }),
};

export type DataExport = z.input<typeof dataExport>;
export type DeletionRequest = z.input<typeof deletionRequest>;
export type DataRights = Reply<typeof dataRightsApi.overview>;
export type PendingDeletion = z.input<typeof pendingDeletion>;
export type PendingDeletionPage = Reply<typeof dataRightsApi.pending>;
export type ExportBody = RequestBody<typeof dataRightsApi.requestExport>;
export type DeletionBody = RequestBody<typeof dataRightsApi.requestDeletion>;
