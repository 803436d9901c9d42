/**
 * The audit log of staff writes (issue 14 §7; docs/decisions/0022-audit-log.md). route() hands every
 * unsafe request of a staff member to `record`: the route's audit spec names the account and the
 * thing, its `load` reads the thing before and after the handler, and one append-only row follows a
 * successful write. Failed writes (4xx/5xx) and idempotent replays add nothing.
 */
import { AUDIT_SECRET_KEYS } from '@grove/domain/admin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuditSpec, AuditTarget } from '../../lib/contract.ts';
import type { Endpoint } from '@grove/domain/api/common';
import type { App } from '../../lib/types.ts';
import { insertAuditEntry } from './audit.repository.ts';

/** Set on an answer replayed from an Idempotency-Key: nothing was written again. */
export const REPLAY_HEADER = 'idempotent-replayed';

export interface AuditRecorder {
  record<T>(
    call: { endpoint: Endpoint; spec: AuditSpec | undefined; request: FastifyRequest; reply: FastifyReply },
    write: () => Promise<T>,
  ): Promise<T>;
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditRecorder;
  }
}

const MAX_DEPTH = 6;

/** A copy of a request body or query fit for the log: secrets replaced, depth bounded. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[nested]';
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      key,
      AUDIT_SECRET_KEYS.test(key) ? '[redacted]' : redact(item, depth + 1),
    ]),
  );
}

const idOf = (answer: unknown): string | null => {
  if (answer && typeof answer === 'object' && 'id' in answer) {
    const id = (answer as { id: unknown }).id;
    if (typeof id === 'number' || typeof id === 'string') return String(id);
  }
  return null;
};

const reasonOf = (...sources: unknown[]): string | null => {
  for (const source of sources) {
    if (source && typeof source === 'object' && 'reason' in source) {
      const reason = (source as { reason: unknown }).reason;
      if (typeof reason === 'string' && reason.trim() !== '') return reason;
    }
  }
  return null;
};

/** A JSON value as jsonb takes it (dates as ISO text, undefined as null). */
const json = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value ?? null)));

export function createAuditRecorder(db: Db): AuditRecorder {
  return {
    async record({ endpoint, spec, request, reply }, write) {
      const parts = { params: request.params, query: request.query, body: request.body } as never;
      const params = (request.params ?? {}) as Record<string, unknown>;
      const target: AuditTarget = spec
        ? await spec.target(parts)
        : { accountId: null, entityId: (params.id as number | undefined) ?? null };
      const before = spec?.load && target.entityId !== null ? await spec.load(target) : null;
      const answer = await write();
      if (reply.statusCode >= 400 || reply.getHeader(REPLAY_HEADER)) return answer;
      const user = request.user!;
      // A handler that sent its answer itself returns the reply: the body is then not at hand.
      const body: unknown = answer === reply ? null : answer;
      const entityId = target.entityId === null ? idOf(body) : String(target.entityId);
      const after = spec?.load ? (entityId === null ? null : await spec.load({ ...target, entityId })) : body;
      try {
        await insertAuditEntry(db, {
          actorUserId: user.id,
          actorEmail: user.email,
          action: endpoint.schema.summary,
          method: request.method,
          route: endpoint.url,
          entity: spec?.entity ?? endpoint.schema.tags[0] ?? 'api',
          entityId,
          accountId: target.accountId,
          before: json(before),
          after: json(after),
          request: json({ body: redact(request.body), query: redact(request.query) }),
          reason: reasonOf(request.body, request.query),
          status: reply.statusCode,
        });
      } catch (error) {
        request.log.error({ err: error, route: endpoint.url }, 'audit: the write succeeded but its audit row failed');
        throw error;
      }
      return answer;
    },
  };
}

export function registerAudit(app: App, db: Db) {
  app.decorate('audit', createAuditRecorder(db));
}
