/**
 * Keyset paging (ARCHITECTURE §3: large tables page by keyset inside): an opaque cursor — base64url
 * of [direction, sort value, row id] — in full `next`/`previous`/`first`/`last` links on PUBLIC_URL.
 * `cursor=last` reads the reversed order, so the last page costs what the first does.
 */
import { API_MESSAGES } from '@grove/domain/api/common';
import type { FastifyRequest } from 'fastify';
import { fieldError } from './errors.ts';

/** Where a page starts: after or before a row (its sort value and id), the first or the last page. */
export type Position =
  { kind: 'first' } | { kind: 'last' } | { kind: 'after' | 'before'; value: string | number; id: number };

export function encodeCursor(kind: 'after' | 'before', value: string | number, id: number): string {
  return Buffer.from(JSON.stringify([kind === 'after' ? 'a' : 'b', value, id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Position {
  if (!cursor) return { kind: 'first' };
  if (cursor === 'last') return { kind: 'last' };
  try {
    const [kind, value, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if ((kind === 'a' || kind === 'b') && (typeof value === 'string' || typeof value === 'number')) {
      if (typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= 2_147_483_647) {
        if (typeof value === 'string' && (value.length > 300 || [...value].some((c) => c.charCodeAt(0) < 32))) {
          throw new Error('bad cursor');
        }
        return { kind: kind === 'a' ? 'after' : 'before', value, id };
      }
    }
  } catch {
    // fall through
  }
  throw fieldError('cursor', API_MESSAGES.cursorInvalid);
}

/** The request's own link with another cursor (none for the first page), on PUBLIC_URL. */
function linkWith(request: FastifyRequest, cursor: string | null): string {
  const url = new URL(request.url, request.server.publicUrl);
  if (cursor === null) url.searchParams.delete('cursor');
  else url.searchParams.set('cursor', cursor);
  return url.toString();
}

export interface KeysetAnswer<T> {
  count: number;
  next: string | null;
  previous: string | null;
  first: string;
  last: string;
  results: T[];
}

/** Links of a keyset page read from `position`, whose rows are in page order. */
export function keysetLinks<R extends { id: number; sortValue: string | number }>(
  request: FastifyRequest,
  position: Position,
  rows: R[],
  more: boolean,
): Pick<KeysetAnswer<unknown>, 'next' | 'previous' | 'first' | 'last'> {
  const backwards = position.kind === 'last' || position.kind === 'before';
  const head = rows[0];
  const tail = rows.at(-1);
  const hasNext = backwards ? position.kind === 'before' : more;
  const hasPrevious = backwards ? more : position.kind === 'after';
  return {
    next: hasNext && tail ? linkWith(request, encodeCursor('after', tail.sortValue, tail.id)) : null,
    previous: hasPrevious && head ? linkWith(request, encodeCursor('before', head.sortValue, head.id)) : null,
    first: linkWith(request, null),
    last: linkWith(request, 'last'),
  };
}

/** Which rows a newest-first page reads: older or newer than a row, in which order, how many. */
export interface IdWindow {
  olderThan?: number;
  newerThan?: number;
  oldestFirst: boolean;
  limit: number;
}

/**
 * One page of a table read newest first by its id: "after" a row means older ids, the last page
 * is the oldest rows. `read` runs the query for the window; rows come back in page order.
 */
export async function newestFirst<R extends { id: number }>(
  position: Position,
  pageSize: number,
  read: (window: IdWindow) => Promise<R[]>,
): Promise<{ rows: (R & { sortValue: number })[]; more: boolean }> {
  const backwards = position.kind === 'last' || position.kind === 'before';
  const rows = await read({
    ...(position.kind === 'after' ? { olderThan: position.id } : {}),
    ...(position.kind === 'before' ? { newerThan: position.id } : {}),
    oldestFirst: backwards,
    limit: pageSize + 1,
  });
  const kept = rows.slice(0, pageSize);
  if (backwards) kept.reverse();
  return { rows: kept.map((row) => ({ ...row, sortValue: row.id })), more: rows.length > pageSize };
}

/** Every row of a newest-first read, in batches (a CSV export never holds the table in memory). */
export async function* allNewestFirst<R extends { id: number }>(
  batch: number,
  read: (window: IdWindow) => Promise<R[]>,
): AsyncGenerator<R[]> {
  let olderThan: number | undefined;
  for (;;) {
    const rows = await read({ ...(olderThan === undefined ? {} : { olderThan }), oldestFirst: false, limit: batch });
    if (rows.length === 0) return;
    yield rows;
    olderThan = rows.at(-1)!.id;
    if (rows.length < batch) return;
  }
}
