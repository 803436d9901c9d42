/**
 * Staff notes on an account (SPEC §3 Account note, §5, §7 Admin; issue 14 item 2). Staff only:
 * parents and coaches get 403; a note of another account answers 404 like a missing one. The list
 * is newest first; create answers the note (the web adds it at the top and raises `count` by one),
 * update answers the edited note (same id), delete answers a detail (the web removes the note and
 * lowers `count` by one). Limits are in ../support.ts.
 */
import * as z from 'zod';

import { NOTE_LIMITS } from '../support.ts';
import {
  count,
  detailAnswer,
  endpoint,
  idParam,
  idParams,
  page,
  pageQuery,
  text,
  timestamp,
  type Reply,
  type RequestBody,
} from './common.ts';

const tags = ['notes'];
const person = z.object({ id: count, name: z.string() });

export const note = z.object({
  id: count,
  account_id: count,
  text: z.string(),
  author: person.nullable().describe('The staff member who wrote it; null once their user is gone.'),
  created_at: timestamp,
  updated_at: timestamp,
  edited_by: person.nullable().describe('Who last edited it; null when never edited.'),
});

const noteBody = z.object({ text: text({ max: NOTE_LIMITS.textMax, multiline: true }) });
const noteParams = z.object({ id: idParam, noteId: idParam });

export const notesApi = {
  list: endpoint('GET', '/api/v2/admin/accounts/:id/notes', {
    tags,
    summary: 'Staff notes on an account, newest first',
    params: idParams,
    querystring: pageQuery(NOTE_LIMITS.pageSize, NOTE_LIMITS.pageSizeMax),
    response: { 200: page(note) },
  }),
  get: endpoint('GET', '/api/v2/admin/accounts/:id/notes/:noteId', {
    tags,
    summary: 'One staff note',
    params: noteParams,
    response: { 200: note },
  }),
  create: endpoint('POST', '/api/v2/admin/accounts/:id/notes', {
    tags,
    summary: 'Write a staff note on an account',
    params: idParams,
    body: noteBody,
    response: { 201: note },
  }),
  update: endpoint('PATCH', '/api/v2/admin/accounts/:id/notes/:noteId', {
    tags,
    summary: 'Edit a staff note',
    params: noteParams,
    body: noteBody,
    response: { 200: note },
  }),
  remove: endpoint('DELETE', '/api/v2/admin/accounts/:id/notes/:noteId', {
    tags,
    summary: 'Delete a staff note',
    params: noteParams,
    response: { 200: detailAnswer },
  }),
};

export type Note = z.input<typeof note>;
export type NotePage = Reply<typeof notesApi.list>;
export type NoteBody = RequestBody<typeof notesApi.create>;
