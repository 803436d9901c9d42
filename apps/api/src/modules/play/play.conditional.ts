/**
 * Conditional play reads (issue 27 item 3; docs/decisions/0056-play-rollups.md). A play read's
 * entity tag is known from the row its access check reads anyway — the player's data version,
 * which the database bumps with every change of its sessions (migration 0015) and whose row id
 * changes with any edit of the player — plus the family's today (time frames and "this week" move
 * with the date) and the answer's shape, so a new build never matches an old tag. A request whose
 * If-None-Match names the tag is answered 304 without reading any play table. Every instance
 * reads the version from the database, so a tag is the same on all of them.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A play read once access is granted: its tag, and the work that builds the answer. */
export interface PlayRead<T> {
  etag: string;
  answer: () => Promise<T>;
}

const shapes = new WeakMap<z.ZodType, string>();

/** A short, stable digest of an answer's schema: the same on every instance of one build. */
function shapeOf(schema: z.ZodType): string {
  let shape = shapes.get(schema);
  if (shape === undefined) {
    const json = JSON.stringify(z.toJSONSchema(schema, { unrepresentable: 'any' }));
    shape = createHash('sha256').update(json).digest('base64url').slice(0, 8);
    shapes.set(schema, shape);
  }
  return shape;
}

/** The tag of a play read: the player's data version, the family's local date and the answer's shape. */
export function playTag(schema: z.ZodType, version: string, today: string): string {
  return `"${shapeOf(schema)}.${version}.${today}"`;
}

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2) or is `*`. */
export function matchesTag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

/**
 * Answers a play read: 304 with no body when the client holds the current answer, otherwise the
 * answer (shaped by `toAnswer`), both with the tag. The browser keeps nothing (no-store); the web keeps the answer in
 * memory for the session and asks with If-None-Match (apps/web/src/lib/api-client.ts).
 */
export function answerConditionally<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  read: PlayRead<T>,
): Promise<T | FastifyReply>;
export function answerConditionally<T, Answer>(
  request: FastifyRequest,
  reply: FastifyReply,
  read: PlayRead<T>,
  toAnswer: (body: T) => Answer,
): Promise<Answer | FastifyReply>;
export async function answerConditionally<T, Answer>(
  request: FastifyRequest,
  reply: FastifyReply,
  read: PlayRead<T>,
  toAnswer?: (body: T) => Answer,
): Promise<T | Answer | FastifyReply> {
  reply.header('etag', read.etag).header('cache-control', 'private, no-store');
  if (matchesTag(request.headers['if-none-match'], read.etag)) return reply.code(304).send();
  const body = await read.answer();
  return toAnswer ? toAnswer(body) : body;
}
