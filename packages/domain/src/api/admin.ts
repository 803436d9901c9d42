/**
 * The back-office (SPEC §7 Admin v2; issue 14): the accounts list and an account as staff see it,
 * tags, game-version migration, staff notes and the audit log of staff writes. Staff only; rules
 * and limits are in ../admin.ts. Lists of large tables page by keyset (an opaque `cursor`).
 */
import * as z from 'zod';

import { shippingAnswer, shippingPatch } from './user.ts';

import {
  ACCOUNT_SORTS,
  ACCOUNT_STATUSES,
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  BILLING_STATUSES,
  DEFAULT_ACCOUNT_SORT,
  LATEST_GAME_VERSION,
  TAG_PATTERN,
} from '../admin.ts';
import {
  choice,
  count,
  detailAnswer,
  endpoint,
  id,
  idParam,
  idParams,
  int,
  keysetPage,
  keysetQuery,
  optional,
  jsonObject,
  page,
  pageQuery,
  text,
  timestamp,
} from './common.ts';

const tags = ['admin'];
const person = z.object({ id: count, name: z.string() });

const tagInput = text({ max: ADMIN_LIMITS.tagMax }).refine((tag) => TAG_PATTERN.test(tag), ADMIN_MESSAGES.tagInvalid);

/** One row of the admin accounts list. */
export const accountRow = z.object({
  id: count,
  holder: z.object({ name: z.string(), email: z.string(), phonenumber: z.string() }).nullable(),
  players: z.array(z.string()),
  account_status: z.string(),
  billing_status: z.string(),
  plan_tag: z.string().nullable(),
  coach_user: person.nullable(),
  tags: z.array(z.string()),
  game_version: count,
  created_at: timestamp,
});

const accountListQuery = keysetQuery(ADMIN_LIMITS.accountsPageSize, ADMIN_LIMITS.accountsPageSizeMax).extend({
  search: optional(text({ max: ADMIN_LIMITS.searchMax, allowBlank: true })),
  tag: optional(text({ max: ADMIN_LIMITS.tagMax })),
  billing_status: optional(choice(BILLING_STATUSES)),
  account_status: optional(choice(ACCOUNT_STATUSES)),
  coach: optional(idParam),
  plan: optional(text({ max: 60 })),
  sort: optional(choice(ACCOUNT_SORTS)).transform((value) => value ?? DEFAULT_ACCOUNT_SORT),
});

/** An account as staff see it (SPEC §3 Account). */
export const adminAccount = z.object({
  id: count,
  account_status: z.string(),
  billing_status: z.string(),
  plan_tag: z.string().nullable(),
  time_zone: z.string(),
  game_version: count,
  tags: z.array(z.string()),
  coach_user: person.nullable(),
  custom_note: z.string(),
  experimental_data: z.record(z.string(), z.unknown()),
  users: z.array(
    z.object({
      id: count,
      name: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      phonenumber: z.string(),
      country: z.string(),
      is_billing_user: z.boolean(),
      billing_status: z.string(),
      last_login_at: timestamp.nullable(),
    }),
  ),
  players: z.array(
    z.object({
      id: count,
      name: z.string(),
      in_program: z.boolean(),
      hr_gauge: count,
      chase_speed: count,
      acorns: count,
    }),
  ),
  devices: z.array(z.object({ id: count, name: z.string(), platform: z.string(), is_kiosk_mode: z.boolean() })),
  notes_count: count,
  created_at: timestamp,
});

const accountEdit = z.object({
  account_status: choice(ACCOUNT_STATUSES),
  time_zone: text({ max: 64 }).refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return zone.includes('/') || zone === 'UTC';
    } catch {
      return false;
    }
  }, ADMIN_MESSAGES.timeZone),
  experimental_data: jsonObject(16 * 1024),
});

/** A staff note on an account (SPEC §3 Account note, §5). */
export const note = z.object({
  id: count,
  account_id: count,
  text: z.string(),
  author: person.nullable(),
  edited_by: person.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
const noteBody = z.object({ text: text({ max: ADMIN_LIMITS.noteMax, multiline: true }) });
const noteParams = z.object({ id: idParam, noteId: idParam });

/** One staff write (issue 14 §7): who, when, what, before and after, the reason. */
export const auditRow = z.object({
  id: count,
  created_at: timestamp,
  actor: z.object({ id: count, email: z.string() }),
  action: z.string(),
  method: z.string(),
  route: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  account_id: count.nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  request: z.unknown().nullable(),
  reason: z.string().nullable(),
  status: count,
});
/** The audit log by staff member (id or e-mail prefix) and kind of thing, newest first. */
const auditQuery = keysetQuery(ADMIN_LIMITS.auditPageSize, ADMIN_LIMITS.auditPageSizeMax).extend({
  actor: optional(idParam),
  actor_email: optional(text({ max: 254 })),
  entity: optional(text({ max: 40 })),
});

export const adminApi = {
  accounts: endpoint('GET', '/api/v2/admin/accounts', {
    tags,
    summary: 'Accounts: search (names, e-mail, phone, id, players; typos forgiven), filters, sorts, keyset pages',
    querystring: accountListQuery,
    response: { 200: keysetPage(accountRow) },
  }),
  account: endpoint('GET', '/api/v2/admin/accounts/:id', {
    tags,
    summary: 'An account as staff see it',
    params: idParams,
    response: { 200: adminAccount },
  }),
  replaceAccount: endpoint('PUT', '/api/v2/admin/accounts/:id', {
    tags,
    summary: 'Set an account’s status, time zone and experimental data',
    params: idParams,
    body: accountEdit,
    response: { 200: adminAccount },
  }),
  updateAccount: endpoint('PATCH', '/api/v2/admin/accounts/:id', {
    tags,
    summary: 'Change an account’s status, time zone or experimental data',
    params: idParams,
    body: accountEdit.partial(),
    response: { 200: adminAccount },
  }),
  tags: endpoint('GET', '/api/v2/admin/accounts/tags', {
    tags,
    summary: 'Every tag in use, with how many accounts carry it',
    response: { 200: z.object({ results: z.array(z.object({ tag: z.string(), count })) }) },
  }),
  addTag: endpoint('POST', '/api/v2/admin/accounts/:id/tags', {
    tags,
    summary: 'Tag an account (tags compare case-insensitively)',
    params: idParams,
    body: z.object({ tag: tagInput }),
    response: { 200: z.object({ tags: z.array(z.string()) }) },
  }),
  removeTag: endpoint('DELETE', '/api/v2/admin/accounts/:id/tags/:tag', {
    tags,
    summary: 'Remove a tag from an account',
    params: z.object({ id: idParam, tag: text({ max: ADMIN_LIMITS.tagMax }) }),
    response: { 200: z.object({ tags: z.array(z.string()) }) },
  }),
  migrate: endpoint('PUT', '/api/v2/admin/migrate_account/:id', {
    tags,
    summary: 'Move an account to a newer game version (the latest unless one is named)',
    params: idParams,
    body: z.object({ game_version: int(1, LATEST_GAME_VERSION).optional() }),
    response: { 200: adminAccount },
  }),
  shipping: endpoint('GET', '/api/v2/admin/:id/shipping', {
    tags,
    summary: 'A person’s shipping address (by user id), with its warnings',
    params: idParams,
    response: { 200: shippingAnswer },
  }),
  patchShipping: endpoint('PATCH', '/api/v2/admin/:id/shipping', {
    tags,
    summary: 'Change a person’s shipping address (the parent’s own rules and messages; a PO Box is a warning)',
    params: idParams,
    body: shippingPatch,
    response: { 200: shippingAnswer },
  }),
  createShipping: endpoint('POST', '/api/v2/admin/shipping', {
    tags,
    summary: 'Give a person a shipping address (by user id in the body)',
    body: shippingPatch.extend({ user: id }),
    response: { 200: shippingAnswer },
  }),
  notes: endpoint('GET', '/api/v2/admin/accounts/:id/notes', {
    tags,
    summary: 'Staff notes on an account, newest first',
    params: idParams,
    querystring: pageQuery(ADMIN_LIMITS.notesPageSize, ADMIN_LIMITS.notesPageSizeMax),
    response: { 200: page(note) },
  }),
  note: endpoint('GET', '/api/v2/admin/accounts/:id/notes/:noteId', {
    tags,
    summary: 'One staff note',
    params: noteParams,
    response: { 200: note },
  }),
  createNote: endpoint('POST', '/api/v2/admin/accounts/:id/notes', {
    tags,
    summary: 'Write a staff note on an account (Idempotency-Key honoured)',
    description:
      'With an `Idempotency-Key` header (per staff member), a repeated request replays the first answer and writes nothing; the same key with another text answers 422.',
    params: idParams,
    body: noteBody,
    response: { 201: note },
  }),
  updateNote: endpoint('PATCH', '/api/v2/admin/accounts/:id/notes/:noteId', {
    tags,
    summary: 'Edit a staff note',
    params: noteParams,
    body: noteBody,
    response: { 200: note },
  }),
  deleteNote: endpoint('DELETE', '/api/v2/admin/accounts/:id/notes/:noteId', {
    tags,
    summary: 'Delete a staff note',
    params: noteParams,
    response: { 200: detailAnswer },
  }),
  accountAudit: endpoint('GET', '/api/v2/admin/accounts/:id/audit', {
    tags,
    summary: 'The staff writes on an account, newest first; by staff member and kind',
    params: idParams,
    querystring: auditQuery,
    response: { 200: keysetPage(auditRow) },
  }),
  audit: endpoint('GET', '/api/v2/admin/audit', {
    tags,
    summary: 'Every staff write, newest first; by staff member (id or e-mail prefix) and kind',
    querystring: auditQuery,
    response: { 200: keysetPage(auditRow) },
  }),
};
