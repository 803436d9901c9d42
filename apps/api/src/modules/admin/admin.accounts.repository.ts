/**
 * The admin accounts list (issue 14 §1): one query on account_search (kept by triggers, migration
 * 0006) with trigram search, equality filters and keyset paging on (sort key, account id), then the
 * page's people, players and coach read for those ids only.
 */
import { parseAccountSort, type AccountSort } from '@grove/domain/admin';
import { INT4_MAX } from '@grove/domain/api/common';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/raw.ts';
import type { Position } from '../../lib/keyset.ts';

export interface AccountFilters {
  search?: string | undefined;
  tag?: string | undefined;
  billingStatus?: string | undefined;
  accountStatus?: string | undefined;
  coach?: number | undefined;
  plan?: string | undefined;
  /** Known words near each mistyped search word (similarWords), searched as well. */
  nearWords?: ReadonlyMap<string, readonly string[]> | undefined;
}

export interface AccountListRow {
  id: number;
  sortValue: string | number;
  holderFirstName: string | null;
  holderLastName: string | null;
  holderEmail: string | null;
  holderPhone: string | null;
  players: string[];
  accountStatus: string;
  billingStatus: string;
  planTag: string | null;
  coachId: number | null;
  coachFirstName: string | null;
  coachLastName: string | null;
  tags: string[];
  gameVersion: number;
  createdAt: Date;
}

const COLUMNS = { name: 'holder_name', email: 'holder_email', created: 'created_at', id: 'account_id' } as const;

/** Typos are forgiven from this many characters on (shorter words match as substrings only). */
const FUZZY_FROM = 4;
/** pg_trgm similarity a known word must reach to stand for a mistyped one ("jonh" ~ "john": 0.25). */
const FUZZY_THRESHOLD = 0.25;
/**
 * Up to this many matches, the page is read from the matches themselves (the trigram index, then a
 * sort; OFFSET 0 keeps PostgreSQL from walking the sort index instead, which is slow when the
 * matches sit at one end of the alphabet); past it, from the sort index.
 */
const FEW_MATCHES = 5000;
/** Known words tried for one mistyped word. */
const NEAR_WORDS = 6;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A phone typed with spaces, dashes or brackets is searched by its digits. */
export function searchTerm(search: string): string {
  const trimmed = search.trim().toLowerCase().replace(/\s+/g, ' ');
  if (/^[+\d\s().-]+$/.test(trimmed) && trimmed.replace(/\D/g, '').length >= 4) return trimmed.replace(/\D/g, '');
  return trimmed;
}

function conditions(filters: AccountFilters): SQL[] {
  const where: SQL[] = [];
  const term = filters.search ? searchTerm(filters.search) : '';
  if (term !== '') {
    const words = term.split(' ').filter(Boolean);
    for (const word of words) {
      const like = sql`s.document like ${`%${escapeLike(word)}%`}`;
      const near = filters.nearWords?.get(word) ?? [];
      const fuzzy = sql.join(
        near.map((known) => sql` or s.document like ${`%${escapeLike(known)}%`}`),
        sql``,
      );
      const asId = /^\d+$/.test(word) && Number(word) <= INT4_MAX ? sql` or s.account_id = ${Number(word)}` : sql``;
      where.push(sql`(${like}${fuzzy}${asId})`);
    }
  }
  if (filters.tag) where.push(sql`s.tags @> array[${filters.tag.trim().toLowerCase()}]::text[]`);
  if (filters.billingStatus) where.push(sql`s.billing_status = ${filters.billingStatus}`);
  if (filters.accountStatus) where.push(sql`s.account_status = ${filters.accountStatus}`);
  if (filters.coach) where.push(sql`s.coach_user_id = ${filters.coach}`);
  if (filters.plan) where.push(sql`s.plan_tag = ${filters.plan}`);
  return where;
}

const and = (parts: SQL[]) => (parts.length === 0 ? sql`true` : sql.join(parts, sql` and `));

export async function countAccounts(db: Db, filters: AccountFilters): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from account_search s where ${and(conditions(filters))}`),
  );
  return rows[0]?.n ?? 0;
}

/**
 * `limit` rows from `position` in `sort` order (the last page and "before" pages are read backwards
 * and returned in order), plus whether more rows lie beyond them in the reading direction.
 */
export async function listAccounts(
  db: Db,
  filters: AccountFilters,
  sort: AccountSort,
  position: Position,
  limit: number,
  /** How many rows the filters match (countAccounts): a few are read by the search index, then sorted. */
  matches: number,
): Promise<{ rows: AccountListRow[]; more: boolean }> {
  const { key, descending } = parseAccountSort(sort);
  const column = sql.raw(`s.${COLUMNS[key]}`);
  const backwards = position.kind === 'last' || position.kind === 'before';
  const ascending = descending === backwards;
  const where = conditions(filters);
  if (position.kind === 'after' || position.kind === 'before') {
    const forward = (position.kind === 'after') !== descending;
    const op = sql.raw(forward ? '>' : '<');
    const value = key === 'created' ? sql`${String(position.value)}::timestamptz` : sql`${position.value}`;
    where.push(
      key === 'id'
        ? sql`s.account_id ${op} ${position.id}`
        : sql`(${column}, s.account_id) ${op} (${value}, ${position.id})`,
    );
  }
  const orderOf = (table: 's' | 'page') =>
    key === 'id'
      ? sql.raw(`${table}.account_id ${ascending ? 'asc' : 'desc'}`)
      : sql.raw(
          `${table}.${COLUMNS[key]} ${ascending ? 'asc' : 'desc'}, ${table}.account_id ${ascending ? 'asc' : 'desc'}`,
        );
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
        with page as (
          select s.account_id, s.account_status, s.billing_status, s.plan_tag, s.coach_user_id, s.tags,
                 s.created_at, s.created_at::text as created_key, s.holder_name, s.holder_email
          from ${matches <= FEW_MATCHES ? sql`(select * from account_search s where ${and(where)} offset 0) s` : sql`account_search s where ${and(where)}`}
          order by ${orderOf('s')}
          limit ${limit + 1}
        )
        select page.*, a.game_version, h.first_name as holder_first, h.last_name as holder_last,
               h.email as holder_email_shown, h.phonenumber as holder_phone,
               c.first_name as coach_first, c.last_name as coach_last,
               coalesce((select array_agg(p.name order by p.id) from players p where p.account_id = page.account_id),
                        '{}') as player_names
        from page
        join accounts a on a.id = page.account_id
        left join lateral (
          select u.first_name, u.last_name, u.email, u.phonenumber from users u
          where u.account_id = page.account_id and not u.is_staff and not u.is_coach
          order by u.is_billing_user desc, u.id limit 1
        ) h on true
        left join users c on c.id = page.coach_user_id
        order by ${orderOf('page')}
      `),
  );
  const more = rows.length > limit;
  const kept = rows.slice(0, limit).map((row): AccountListRow => {
    const createdAt = new Date(row.created_at as string | Date);
    const sortValue =
      key === 'name'
        ? String(row.holder_name)
        : key === 'email'
          ? String(row.holder_email)
          : key === 'created'
            ? String(row.created_key) // microseconds, as the database compares them
            : Number(row.account_id);
    return {
      id: Number(row.account_id),
      sortValue,
      holderFirstName: (row.holder_first as string | null) ?? null,
      holderLastName: (row.holder_last as string | null) ?? null,
      holderEmail: (row.holder_email_shown as string | null) ?? null,
      holderPhone: (row.holder_phone as string | null) ?? null,
      players: (row.player_names as string[] | null) ?? [],
      accountStatus: String(row.account_status),
      billingStatus: String(row.billing_status),
      planTag: (row.plan_tag as string | null) ?? null,
      coachId: (row.coach_user_id as number | null) ?? null,
      coachFirstName: (row.coach_first as string | null) ?? null,
      coachLastName: (row.coach_last as string | null) ?? null,
      tags: (row.tags as string[] | null) ?? [],
      gameVersion: Number(row.game_version),
      createdAt,
    };
  });
  // A backwards read (the last page, a previous page) comes in reverse: put it in the page's order.
  return { rows: backwards ? kept.reverse() : kept, more };
}

/**
 * For each search word that may be mistyped (four letters or more, not a number), the known words
 * nearest to it (search_words, a pg_trgm index on a small table): "sánchze" → "sánchez".
 */
export async function similarWords(db: Db, search: string): Promise<Map<string, string[]>> {
  const words = searchTerm(search)
    .split(' ')
    .filter((word) => word.length >= FUZZY_FROM && !/^\d+$/.test(word));
  const near = new Map<string, string[]>();
  if (words.length === 0) return near;
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local pg_trgm.similarity_threshold = ${FUZZY_THRESHOLD}`));
    for (const word of words) {
      const rows = rowsOf<{ word: string }>(
        await tx.execute(sql`
          select word from search_words where word % ${word}
          order by similarity(word, ${word}) desc, word limit ${NEAR_WORDS}`),
      );
      near.set(
        word,
        rows.map((row) => row.word),
      );
    }
  });
  return near;
}
