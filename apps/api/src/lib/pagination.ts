import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 1000;

/** `page` (from 1) and `page_size` (capped at `max`, never an error when larger). */
export function pageQuery(defaultSize = DEFAULT_PAGE_SIZE, max = MAX_PAGE_SIZE) {
  return z.object({
    page: z.coerce.number({ message: 'A valid integer is required.' }).int('A valid integer is required.').min(1, 'Pages start at 1.').default(1),
    page_size: z.coerce
      .number({ message: 'A valid integer is required.' })
      .int('A valid integer is required.')
      .min(1, 'Ensure this value is greater than or equal to 1.')
      .default(defaultSize)
      .transform((v) => Math.min(v, max)),
  });
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });

function linkTo(request: FastifyRequest, page: number): string {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  url.searchParams.set('page', String(page));
  return url.toString();
}

/** Wraps one page of results in the API's paged shape with full `next`/`previous` links. */
export function toPage<T>(request: FastifyRequest, args: { count: number; page: number; pageSize: number; results: T[] }): Page<T> {
  const last = Math.max(1, Math.ceil(args.count / args.pageSize));
  return {
    count: args.count,
    next: args.page < last ? linkTo(request, args.page + 1) : null,
    previous: args.page > 1 ? linkTo(request, Math.min(args.page - 1, last)) : null,
    results: args.results,
  };
}
