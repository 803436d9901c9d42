/**
 * The household (SPEC §3 Account, §7 Account v1 and v2): the account with its people, players and
 * devices; caregivers (invited, changed, removed); the account status; the family's note to its
 * coach; the account in figures; customer interactions. Who may do what is decided here, with
 * access.ts: another account's ids answer 404 exactly as missing ones do.
 */
import {
  ACCOUNT_MESSAGES,
  DEFAULT_COUNTRY,
  INTERACTION_DIRECTIONS,
  INTERACTION_KINDS,
  INTERACTION_MESSAGES,
  INTERACTION_OUTCOMES,
  INTERACTION_SUMMARY_MAX,
  INTERACTION_TOPICS,
  makeProfilePatchSchema,
  MAX_ACCOUNT_USERS,
  NOT_PURCHASED,
  toFieldErrors,
  UNUSABLE_ACCOUNT_STATUS,
} from '@grove/domain';
import type {
  Account,
  AccountData,
  AccountStatusAnswer,
  AccountUser,
  AccountUserAnswer,
  CaregiverBody,
  CustomerInteraction,
  CustomNote,
  accountApi,
} from '@grove/domain/api/account';
import type { ParsedBody, Paging, RequestBody } from '@grove/domain/api/common';
import { DATA_RIGHTS_MESSAGES } from '@grove/domain/data-rights';
import { CLOSED_ACCOUNT_STATUS } from '@grove/domain/roles';
import type { Db, Executor } from '../../db/client.ts';
import { conflict, notFound, ValidationError } from '../../lib/errors.ts';
import { accountRelation, assertAccountAccess } from '../auth/access.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import { countAttempt } from '../auth/auth.throttle.ts';
import { toDevice } from './account.devices.service.ts';
import * as repo from './account.repository.ts';

export interface AccountDeps {
  db: Db;
  /**
   * Writes an invitation in `tx`: a one-time 'invite' link to set a password and its e-mail (the
   * auth module's sendLink). With `inviterName`, the caregiver's invitation names who invited them;
   * without, it is the account holder's plain "your access" e-mail.
   */
  sendInvite: (
    user: { id: number; email: string; firstName: string },
    inviterName: string | null,
    tx: Executor,
  ) => Promise<void>;
}

/** Resent invitations per caregiver: each one e-mails them. */
export const RESEND_INVITE_THROTTLE = { limit: 5, windowSeconds: 3600 } as const;
/** An interaction may be dated a little ahead (clocks differ), never later. */
const FUTURE_TOLERANCE_MS = 60_000;
const EARLIEST_INTERACTION = Date.UTC(2000, 0, 1);

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A refusal of an account user's change: the field messages with `hasErrors: true` (SPEC §8). */
const refused = (fields: Record<string, string[]>) => new ValidationError(fields, { hasErrors: true });

export function toAccountUser(row: repo.AccountUserRow): AccountUser {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    name: fullName(row),
    email: row.email,
    phonenumber: row.phonenumber,
    country: row.country,
    is_billing_user: row.isBillingUser,
    status: row.hasPassword ? 'active' : 'invited',
    last_login_at: iso(row.lastLoginAt),
  };
}

async function requireAccount(db: Db, accountId: number): Promise<repo.AccountRow> {
  const account = await repo.findAccount(db, accountId);
  if (!account) throw notFound();
  return account;
}

/** GET /api/v2/accounts/{id}/: members, the account's coach and staff. */
export async function getAccount(db: Db, user: AuthUser, accountId: number): Promise<Account> {
  await assertAccountAccess(db, user, accountId, 'read');
  const account = await requireAccount(db, accountId);
  const [tags, people, children, tablets] = await Promise.all([
    repo.findAccountTags(db, accountId),
    repo.accountUsers(db, accountId),
    repo.accountPlayers(db, accountId),
    repo.listDevices(db, accountId, 1000, 0),
  ]);
  return {
    id: account.id,
    account_status: account.accountStatus,
    time_zone: account.timeZone,
    tags,
    coach_user:
      account.coachId === null
        ? null
        : { id: account.coachId, name: `${account.coachFirstName} ${account.coachLastName}` },
    users: people.map(toAccountUser),
    players: children.map((p) => ({ id: p.id, name: p.name, in_program: p.inProgram })),
    devices: tablets.map(toDevice),
    created_at: account.createdAt.toISOString(),
  };
}

/** Who the invitation says invited the caregiver: the member who did, or (staff) the account holder. */
async function inviterName(db: Db, user: AuthUser, relation: string, accountId: number): Promise<string> {
  if (relation === 'member') return fullName(user);
  const people = await repo.accountUsers(db, accountId);
  const holder = people.find((person) => person.isBillingUser) ?? people.find((person) => person.hasPassword);
  return holder ? fullName(holder) : 'The Grove team';
}

/**
 * POST /api/v2/accounts/{id}/add_user/ (members and staff): a caregiver's own login in the account,
 * without a password, and an invitation e-mail with a link to set one. The names and e-mail are
 * required; phone and country follow the profile rules when given. At most MAX_ACCOUNT_USERS people
 * (the account row is locked while counting); the e-mail must be unused by any login (the unique
 * index decides between concurrent requests). The person, their link and its e-mail are written in
 * one transaction. Refusals answer 400 with `hasErrors: true`.
 */
export async function addCaregiver(
  deps: AccountDeps,
  user: AuthUser,
  accountId: number,
  body: CaregiverBody,
): Promise<AccountUserAnswer> {
  const { db } = deps;
  const relation = await assertAccountAccess(db, user, accountId, 'write');
  const phone = body.phonenumber !== undefined && body.phonenumber.trim() !== '' ? body.phonenumber : undefined;
  const input = {
    first_name: body.first_name ?? '',
    last_name: body.last_name ?? '',
    email: body.email ?? '',
    ...(phone === undefined ? {} : { phonenumber: phone }),
    ...(body.country === undefined ? {} : { country: body.country }),
  };
  const parsed = makeProfilePatchSchema({ country: DEFAULT_COUNTRY }).safeParse(input);
  if (!parsed.success) throw refused(toFieldErrors(parsed.error));
  const values = parsed.data;

  const now = new Date();
  const inviter = await inviterName(db, user, relation, accountId);
  const created = await db.transaction(async (tx) => {
    if (!(await repo.lockAccount(tx, accountId))) throw notFound();
    if ((await repo.countAccountUsers(tx, accountId)) >= MAX_ACCOUNT_USERS) {
      throw refused({ non_field_errors: [ACCOUNT_MESSAGES.tooManyUsers] });
    }
    const id = await repo.insertCaregiver(tx, {
      accountId,
      email: values.email ?? '',
      firstName: values.first_name ?? '',
      lastName: values.last_name ?? '',
      phonenumber: values.phonenumber ?? '',
      country: values.country ?? DEFAULT_COUNTRY,
      // A caregiver shares the family's program: the account holder's billing status.
      billingStatus: (await repo.accountBillingStatus(tx, accountId)) ?? NOT_PURCHASED,
    });
    if (id === null) throw refused({ email: [ACCOUNT_MESSAGES.emailTaken] });
    const person = await repo.findAccountUser(tx, accountId, id);
    if (!person) throw notFound();
    await deps.sendInvite(person, inviter, tx);
    if (relation === 'member') await repo.recordUserAction(tx, user.id, 'invited_caregiver', now);
    return person;
  });
  return { hasErrors: false, user: toAccountUser(created) };
}

async function requireAccountUser(db: Db, accountId: number, userId: number) {
  const person = await repo.findAccountUser(db, accountId, userId);
  if (!person) throw notFound();
  return person;
}

/** PATCH /api/v2/accounts/{id}/users/{userId}/ (members and staff): names, phone and country. */
export async function updateCaregiver(
  db: Db,
  user: AuthUser,
  accountId: number,
  userId: number,
  body: RequestBody<typeof accountApi.updateUser>,
): Promise<AccountUserAnswer> {
  await assertAccountAccess(db, user, accountId, 'write');
  const person = await requireAccountUser(db, accountId, userId);
  const parsed = makeProfilePatchSchema({
    first_name: person.firstName,
    last_name: person.lastName,
    phonenumber: person.phonenumber,
    country: person.country,
  }).safeParse({
    first_name: body.first_name,
    last_name: body.last_name,
    phonenumber: body.phonenumber,
    country: body.country,
  });
  if (!parsed.success) throw refused(toFieldErrors(parsed.error));
  const { first_name, last_name, phonenumber, country } = parsed.data;
  const patch = { firstName: first_name, lastName: last_name, phonenumber, country };
  const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length > 0) await repo.updateAccountUser(db, person.id, changes, new Date());
  return { hasErrors: false, user: toAccountUser(await requireAccountUser(db, accountId, userId)) };
}

/**
 * DELETE /api/v2/accounts/{id}/users/{userId}/ (members and staff): the caregiver's login is removed
 * with its sessions and links. Nobody removes themselves, and the account holder (billing user)
 * stays: both answer 409 with the reason.
 */
export async function removeCaregiver(db: Db, user: AuthUser, accountId: number, userId: number) {
  await assertAccountAccess(db, user, accountId, 'write');
  const person = await requireAccountUser(db, accountId, userId);
  if (person.id === user.id) throw conflict(ACCOUNT_MESSAGES.cannotRemoveSelf, 'cannot_remove_self');
  if (person.isBillingUser) throw conflict(ACCOUNT_MESSAGES.cannotRemoveBillingUser, 'cannot_remove_billing_user');
  const removed = await db.transaction((tx) => repo.deleteAccountUser(tx, accountId, person.id));
  if (!removed) throw notFound();
  return { detail: `${fullName(person)} was removed from the account.` };
}

/**
 * POST /api/v2/accounts/{id}/users/{userId}/resend_invite/ (members and staff): only for a person
 * who has not set a password yet (409 otherwise); earlier links stop working.
 */
export async function resendInvite(deps: AccountDeps, user: AuthUser, accountId: number, userId: number) {
  const { db } = deps;
  const relation = await assertAccountAccess(db, user, accountId, 'write');
  const person = await requireAccountUser(db, accountId, userId);
  if (person.hasPassword) throw conflict(ACCOUNT_MESSAGES.alreadyActive, 'already_active');
  await countAttempt(
    db,
    `invite-resend:${person.id}`,
    RESEND_INVITE_THROTTLE.limit,
    RESEND_INVITE_THROTTLE.windowSeconds,
    ACCOUNT_MESSAGES.inviteThrottled,
  );
  const inviter = await inviterName(db, user, relation, accountId);
  await db.transaction(async (tx) => {
    await repo.expireInvites(tx, person.id, new Date());
    // The account holder was not invited by anyone: they get the plain access e-mail.
    await deps.sendInvite(person, person.isBillingUser ? null : inviter, tx);
  });
  return { detail: `We sent a new invitation to ${person.email}.` };
}

// Status, custom note, figures

async function statusOf(db: Db, account: repo.AccountRow): Promise<AccountStatusAnswer> {
  const [billing, subscription] = await Promise.all([
    repo.accountBillingStatus(db, account.id),
    repo.runningSubscriptionStatus(db, account.id),
  ]);
  return {
    id: account.id,
    account_status: account.accountStatus,
    is_usable: account.accountStatus !== UNUSABLE_ACCOUNT_STATUS,
    billing_status: billing ?? NOT_PURCHASED,
    subscription_status: subscription,
  };
}

/** GET /api/v1/accounts/{id}/status/: members, the coach, staff. */
export async function getStatus(db: Db, user: AuthUser, accountId: number) {
  await assertAccountAccess(db, user, accountId, 'read');
  return statusOf(db, await requireAccount(db, accountId));
}

/** PUT /api/v1/accounts/{id}/status/: staff (the route's policy). */
export async function setStatus(db: Db, user: AuthUser, accountId: number, status: string) {
  await assertAccountAccess(db, user, accountId, 'write');
  const account = await requireAccount(db, accountId);
  if (account.accountStatus === CLOSED_ACCOUNT_STATUS) throw conflict(DATA_RIGHTS_MESSAGES.accountClosed);
  await repo.setAccountStatus(db, accountId, status, new Date());
  return statusOf(db, await requireAccount(db, accountId));
}

function toCustomNote(account: repo.AccountRow): CustomNote {
  return {
    custom_note: account.customNote,
    updated_at: iso(account.customNoteUpdatedAt),
    updated_by:
      account.editorId === null
        ? null
        : { id: account.editorId, name: `${account.editorFirstName} ${account.editorLastName}` },
  };
}

/** GET /api/v1/accounts/{id}/custom_note/: members, the coach (it is written for them), staff. */
export async function getCustomNote(db: Db, user: AuthUser, accountId: number) {
  await assertAccountAccess(db, user, accountId, 'read');
  return toCustomNote(await requireAccount(db, accountId));
}

/** PUT /api/v1/accounts/{id}/custom_note/: members and staff; the coach reads it only. */
export async function setCustomNote(db: Db, user: AuthUser, accountId: number, note: string) {
  await assertAccountAccess(db, user, accountId, 'write');
  await requireAccount(db, accountId);
  await repo.setCustomNote(db, accountId, note, user.id, new Date());
  return toCustomNote(await requireAccount(db, accountId));
}

/** GET /api/v1/accounts/{id}/data/: members, the coach, staff. */
export async function getData(db: Db, user: AuthUser, accountId: number): Promise<AccountData> {
  await assertAccountAccess(db, user, accountId, 'read');
  const account = await requireAccount(db, accountId);
  const figures = await repo.accountFigures(db, accountId);
  return {
    id: account.id,
    created_at: account.createdAt.toISOString(),
    users_count: figures.users,
    players_count: figures.players,
    devices_count: figures.devices,
    first_play_date: iso(figures.firstPlayedAt),
    last_played_at: iso(figures.lastPlayedAt),
    total_seconds_played: figures.seconds,
    sessions_count: figures.sessions,
  };
}

// Customer interactions: the log staff and the coach keep of their conversations with the family.
// The family itself does not read it: to its members it answers 404, as to strangers.

async function assertInteractionAccess(db: Db, user: AuthUser, accountId: number) {
  const relation = await accountRelation(db, user, accountId);
  if (relation !== 'coach' && relation !== 'staff') throw notFound();
  await requireAccount(db, accountId);
}

function toInteraction(row: repo.InteractionRow): CustomerInteraction {
  return {
    id: row.id,
    kind: row.kind as CustomerInteraction['kind'],
    direction: row.direction as CustomerInteraction['direction'],
    topic: row.topic as CustomerInteraction['topic'],
    outcome: row.outcome as CustomerInteraction['outcome'],
    summary: row.summary,
    occurred_at: row.occurredAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    created_by:
      row.creatorId === null ? null : { id: row.creatorId, name: `${row.creatorFirstName} ${row.creatorLastName}` },
  };
}

export async function listInteractions(db: Db, user: AuthUser, accountId: number, paging: Paging) {
  await assertInteractionAccess(db, user, accountId);
  const offset = (paging.page - 1) * paging.page_size;
  const [total, rows] = await Promise.all([
    repo.countInteractions(db, accountId),
    repo.listInteractions(db, accountId, paging.page_size, offset),
  ]);
  return { count: total, page: paging.page, pageSize: paging.page_size, results: rows.map(toInteraction) };
}

export async function interactionOptions(db: Db, user: AuthUser, accountId: number) {
  await assertInteractionAccess(db, user, accountId);
  return {
    kinds: [...INTERACTION_KINDS],
    directions: [...INTERACTION_DIRECTIONS],
    topics: [...INTERACTION_TOPICS],
    outcomes: [...INTERACTION_OUTCOMES],
    summary_max_length: INTERACTION_SUMMARY_MAX,
  };
}

/** POST …/customer_interactions/: the coach of the account or staff; occurred_at defaults to now. */
export async function addInteraction(
  db: Db,
  user: AuthUser,
  accountId: number,
  body: ParsedBody<typeof accountApi.addInteraction>,
): Promise<CustomerInteraction> {
  await assertInteractionAccess(db, user, accountId);
  const now = Date.now();
  const occurredAt = body.occurred_at === undefined ? new Date(now) : new Date(body.occurred_at);
  if (occurredAt.getTime() > now + FUTURE_TOLERANCE_MS) {
    throw new ValidationError({ occurred_at: [INTERACTION_MESSAGES.future] });
  }
  if (occurredAt.getTime() < EARLIEST_INTERACTION) {
    throw new ValidationError({ occurred_at: [INTERACTION_MESSAGES.tooOld] });
  }
  const id = await repo.insertInteraction(db, {
    accountId,
    kind: body.kind,
    direction: body.direction,
    topic: body.topic ?? null,
    outcome: body.outcome ?? null,
    summary: body.summary,
    occurredAt,
    createdByUserId: user.id,
  });
  const row = await repo.findInteraction(db, id);
  if (!row) throw notFound();
  return toInteraction(row);
}
