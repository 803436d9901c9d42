/**
 * Consent (issue 17 item 1; docs/privacy.md): recording what a parent agreed to, at which policy
 * version, when and from where; the signed-in person's status (must they agree to a new version?
 * their analytics choice); and an account's history for its members and staff. Records are only
 * ever added: a withdrawal is a new record.
 */
import { CONSENT_MESSAGES, needsConsent, PRIVACY_POLICY_VERSION, type ConsentKind } from '@grove/domain/privacy';
import type { Paging } from '@grove/domain/api/common';
import { CONSENT_HISTORY_LIMIT, type ConsentRecord, type PrivacyStatus } from '@grove/domain/api/privacy';
import type { Db, Executor } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import { assertAccountAccess } from '../auth/access.ts';
import * as repo from './privacy.repository.ts';

/** Where a consent came from: the request's address and browser. */
export interface ConsentOrigin {
  ip: string | null;
  userAgent: string | null;
}

const USER_AGENT_MAX = 512;

/** The origin of a request (Fastify's `request.ip` and headers). */
export function consentOrigin(request: {
  ip?: string;
  headers: Record<string, string | string[] | undefined>;
}): ConsentOrigin {
  const agent = request.headers['user-agent'];
  return {
    ip: request.ip ?? null,
    userAgent: typeof agent === 'string' ? agent.slice(0, USER_AGENT_MAX) : null,
  };
}

export interface PrivacyDeps {
  db: Db;
  /** The policy version in force (PRIVACY_POLICY_VERSION; a test may pass another). */
  policyVersion?: string;
}

const versionOf = (deps: PrivacyDeps) => deps.policyVersion ?? PRIVACY_POLICY_VERSION;

/**
 * Writes one consent record (inside the caller's transaction when `db` is one): checkout and
 * player creation call it with the rows they write.
 */
export async function recordConsent(
  db: Executor,
  input: {
    accountId: number;
    userId: number | null;
    playerId?: number | null;
    kind: ConsentKind;
    granted: boolean;
    origin: ConsentOrigin;
  },
  policyVersion: string = PRIVACY_POLICY_VERSION,
): Promise<number> {
  return repo.insertConsent(db, {
    accountId: input.accountId,
    userId: input.userId,
    playerId: input.playerId ?? null,
    kind: input.kind,
    granted: input.granted,
    policyVersion,
    ip: input.origin.ip,
    userAgent: input.origin.userAgent,
  });
}

function toRecord(row: repo.ConsentRow): ConsentRecord {
  return {
    id: row.id,
    kind: row.kind as ConsentRecord['kind'],
    granted: row.granted,
    policy_version: row.policyVersion,
    created_at: row.createdAt.toISOString(),
    user:
      row.userId === null
        ? null
        : { id: row.userId, name: `${row.userFirstName ?? ''} ${row.userLastName ?? ''}`.trim() },
    player: row.playerId === null ? null : { id: row.playerId, name: row.playerName ?? '' },
  };
}

/** A member of a family account who is not staff: the person consent is asked of. */
function parentAccount(user: AuthUser): number | null {
  return !user.isStaff && user.accountId !== null ? user.accountId : null;
}

export async function privacyStatus(deps: PrivacyDeps, user: AuthUser): Promise<PrivacyStatus> {
  const version = versionOf(deps);
  const accountId = parentAccount(user);
  if (accountId === null) {
    return {
      policy_version: version,
      is_parent: false,
      must_consent: false,
      consented_version: null,
      analytics: 'off',
      payment_texts: 'off',
      consent_count: 0,
      consents: [],
    };
  }
  const [program, analytics, paymentTexts, total, rows] = await Promise.all([
    repo.latestAccountConsent(deps.db, accountId, 'program_terms', true),
    repo.latestUserConsent(deps.db, user.id, 'analytics'),
    repo.latestUserConsent(deps.db, user.id, 'payment_texts'),
    repo.countAccountConsents(deps.db, accountId),
    repo.listAccountConsents(deps.db, accountId, CONSENT_HISTORY_LIMIT),
  ]);
  const consentedVersion = program?.policyVersion ?? null;
  return {
    policy_version: version,
    is_parent: true,
    must_consent: needsConsent(consentedVersion, version),
    consented_version: consentedVersion,
    analytics: analytics?.granted ? 'on' : 'off',
    payment_texts: paymentTexts?.granted ? 'on' : 'off',
    consent_count: total,
    consents: rows.map(toRecord),
  };
}

/** POST …/privacy/consent: the household agrees to the version in force (once: a repeat writes nothing). */
export async function agreeToPolicy(deps: PrivacyDeps, user: AuthUser, origin: ConsentOrigin) {
  const accountId = parentAccount(user);
  if (accountId === null) throw forbidden(CONSENT_MESSAGES.parentsOnly);
  const version = versionOf(deps);
  const latest = await repo.latestAccountConsent(deps.db, accountId, 'program_terms', true);
  if (needsConsent(latest?.policyVersion ?? null, version)) {
    await recordConsent(deps.db, { accountId, userId: user.id, kind: 'program_terms', granted: true, origin }, version);
  }
  return privacyStatus(deps, user);
}

/**
 * PUT …/privacy/analytics and …/privacy/payment_texts: one of the person's own choices (a record
 * only when it changes).
 */
export async function setChoice(
  deps: PrivacyDeps,
  user: AuthUser,
  kind: 'analytics' | 'payment_texts',
  choice: 'on' | 'off',
  origin: ConsentOrigin,
) {
  const accountId = parentAccount(user);
  if (accountId === null) throw forbidden(CONSENT_MESSAGES.parentsOnly);
  const current = await repo.latestUserConsent(deps.db, user.id, kind);
  const on = choice === 'on';
  if ((current?.granted ?? false) !== on) {
    await recordConsent(deps.db, { accountId, userId: user.id, kind, granted: on, origin }, versionOf(deps));
  }
  return privacyStatus(deps, user);
}

/** Whether the person asked for a text when a payment fails (their latest choice). */
export async function wantsPaymentTexts(db: Executor, userId: number): Promise<boolean> {
  return (await repo.latestUserConsent(db, userId, 'payment_texts'))?.granted ?? false;
}

/** GET /api/v2/accounts/{id}/consents: the account's members and staff; anyone else 404. */
export async function accountConsents(deps: PrivacyDeps, user: AuthUser, accountId: number, paging: Paging) {
  // Members and staff: the 'write' relation (a coach reads the family's play, not its consents).
  await assertAccountAccess(deps.db, user, accountId, 'write');
  if (user.isStaff && !(await repo.accountExists(deps.db, accountId))) throw notFound();
  const offset = (paging.page - 1) * paging.page_size;
  const [total, rows] = await Promise.all([
    repo.countAccountConsents(deps.db, accountId),
    repo.listAccountConsents(deps.db, accountId, paging.page_size, offset),
  ]);
  return { count: total, page: paging.page, pageSize: paging.page_size, results: rows.map(toRecord) };
}
