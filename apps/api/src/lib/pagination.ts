import type { FastifyRequest } from 'fastify';

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Links are built on PUBLIC_URL, never on the request's Host header (which any client writes). */
function linkTo(request: FastifyRequest, page: number): string {
  const url = new URL(request.url, request.server.publicUrl);
  url.searchParams.set('page', String(page));
  return url.toString();
}

/** Wraps one page of results in the API's paged shape with full `next`/`previous` links. */
export function toPage<T>(
  request: FastifyRequest,
  args: { count: number; page: number; pageSize: number; results: T[] },
): Page<T> {
  const last = Math.max(1, Math.ceil(args.count / args.pageSize));
  return {
    count: args.count,
    next: args.page < last ? linkTo(request, args.page + 1) : null,
    previous: args.page > 1 ? linkTo(request, Math.min(args.page - 1, last)) : null,
    results: args.results,
  };
}
