/**
 * Every route id → its path and parameters (SPEC §2). Paths the spec leaves unnamed are chosen
 * in docs/decisions/0005-web-routes.md. Layout routes (root.user, root.user.player) have no path
 * of their own. Matching ignores a trailing slash and letter case.
 */
import { CONNECT_PATH } from '@grove/domain/pairing';

export type RouteDefinition = {
  /** The absolute path pattern, or null for a layout without a path. */
  readonly path: string | null;
  /** Query parameters the screen reads. */
  readonly query: readonly string[];
};

/** The four leading segments of the developer variants (SPEC §2). */
export const DEV_PREFIX = '/:storage/:environment/:branchType/:branch';

export const ROUTES = {
  // The spec's route ids.
  root: { path: '/', query: [] },
  login: { path: '/login', query: ['next', 'email'] },
  checkout: { path: '/checkout', query: ['tag'] },
  'checkout-confirmation': { path: '/checkout/confirmation', query: [] },
  'checkout-dev': { path: `${DEV_PREFIX}/checkout`, query: ['tag'] },
  'root.user': { path: null, query: [] },
  'root.admin': { path: '/admin', query: [] },
  /** `profile`: an incomplete profile to complete (segment=players; issue 25 item 2). */
  'root.user.management': { path: '/dashboard/account', query: ['segment', 'profile', 'update_card'] },
  'root.user.managementRedirect': { path: '/account/manage/*', query: [] },
  'root.user.onboarding': { path: '/dashboard/welcome', query: [] },
  'root.user.onboarding.step': { path: '/dashboard/welcome/:step', query: [] },
  'root.user.webinars': { path: '/dashboard/tutorials', query: [] },
  /** `family`: the coach's workspace opens that family's brief (the caseload's links). */
  'root.user.booking': { path: '/dashboard/coaching', query: ['ref', 'family'] },
  /** A coach's families, who needs attention first (issue 26 item 5); staff add `coach`. */
  'root.user.caseload': { path: '/dashboard/coaching/caseload', query: ['attention', 'search', 'coach'] },
  'root.user.bookingRedirect': { path: '/dashboard/booking', query: ['ref'] },
  'root.admin.accounts': { path: '/admin/accounts', query: [] },
  'root.admin.accounts.details': { path: '/admin/accounts/:accountId', query: [] },
  'root.user.resources': { path: '/dashboard/resources', query: ['q', 'article'] },
  'root.user.resources-dev': { path: `${DEV_PREFIX}/dashboard/resources`, query: ['q', 'article'] },
  'root.user.player': { path: null, query: [] },
  /** `compare`: another player of the family drawn beside `pid` on the minutes chart (issue 29 item 2). */
  'root.user.player.stats': { path: '/dashboard/stats', query: ['pid', 'gis', 'compare'] },
  'root.user.player.home': { path: '/dashboard', query: ['pid', 'uaction', 'gis'] },
  packagereturns: { path: '/packagereturns', query: [] },
  setpassword: { path: '/start', query: ['o'] },
  // Grove's own screens.
  logout: { path: '/logout', query: [] },
  'password-reset': { path: '/password-reset', query: ['email'] },
  'get-access': { path: '/get-access', query: ['email'] },
  'email-confirm': { path: '/email/confirm', query: ['o'] },
  unsubscribe: { path: '/unsubscribe', query: ['t'] },
  /** The signed card-update link of a failed renewal (issue 26 item 1): the card form, no sign-in. */
  'update-card': { path: '/update-card', query: ['o'] },
  /** A summary a parent shared with their child's clinician (issue 17 item 5): no sign-in. */
  shared: { path: '/shared/:token', query: [] },
  /** Connect a tablet: the parent types the code the game shows (RFC 8628's verification_uri; issue 25 item 3). */
  'root.user.connect-device': { path: CONNECT_PATH, query: ['code'] },
  'root.admin.orders': { path: '/admin/orders', query: [] },
  'root.admin.billing-requests': { path: '/admin/outstanding-billing-requests', query: [] },
  'root.admin.shipments': { path: '/admin/shipments', query: [] },
  /** Deletions families asked for, waiting for their grace period (issue 17 item 3). */
  'root.admin.deletions': { path: '/admin/deletions', query: ['page'] },
} as const satisfies Record<string, RouteDefinition>;

export type RouteId = keyof typeof ROUTES;
/** Route ids that have a path one can link to. */
export type PathRouteId = { [K in RouteId]: (typeof ROUTES)[K]['path'] extends string ? K : never }[RouteId];

/** The spec's route ids, in its order (SPEC §2). */
export const SPEC_ROUTE_IDS = [
  'root',
  'login',
  'checkout',
  'checkout-confirmation',
  'checkout-dev',
  'root.user',
  'root.admin',
  'root.user.management',
  'root.user.managementRedirect',
  'root.user.onboarding',
  'root.user.onboarding.step',
  'root.user.webinars',
  'root.user.booking',
  'root.user.bookingRedirect',
  'root.admin.accounts',
  'root.admin.accounts.details',
  'root.user.resources',
  'root.user.resources-dev',
  'root.user.player',
  'root.user.player.stats',
  'root.user.player.home',
  'packagereturns',
  'setpassword',
] as const satisfies readonly RouteId[];

type Segments<P extends string> = P extends `${infer Head}/${infer Tail}` ? Segments<Head> | Segments<Tail> : P;
type ParamName<S extends string> = S extends `:${infer Name}` ? Name : S extends '*' ? '*' : never;
export type RouteParams<Id extends PathRouteId> = {
  [K in ParamName<Segments<(typeof ROUTES)[Id]['path']>>]: string | number;
};
type QueryName<Id extends RouteId> = (typeof ROUTES)[Id]['query'][number];
export type RouteQuery<Id extends RouteId> = Partial<Record<QueryName<Id>, string | number | null | undefined>>;

type HrefArgs<Id extends PathRouteId> = keyof RouteParams<Id> extends never
  ? [params?: Record<string, never> | null, query?: RouteQuery<Id>]
  : [params: RouteParams<Id>, query?: RouteQuery<Id>];

export function routePath(id: PathRouteId): string {
  return ROUTES[id].path;
}

/**
 * `pattern` with its `:name` segments replaced by their encoded values and a final `*` by the
 * splat, as React Router's generatePath does. Written here so that this module, which the
 * lightweight login entry imports too (login-main.tsx), does not carry the router.
 */
function fillPath(pattern: string, params: Readonly<Record<string, string>>): string {
  const segments = pattern.split(/\/+/).map((segment, index, all) => {
    if (segment === '*' && index === all.length - 1) return params['*'] ?? '';
    const key = /^:([\w-]+)(\??)(.*)$/.exec(segment);
    if (!key) return segment.replace(/\?$/, '');
    const [, name = '', optional, suffix] = key;
    const value = params[name];
    if (value === undefined && optional !== '?') throw new Error(`Missing ":${name}" param`);
    return encodeURIComponent(value ?? '') + suffix;
  });
  return (pattern.startsWith('/') ? '/' : '') + segments.filter(Boolean).join('/');
}

/** The address of route `id` with its path parameters and the query parameters that have a value. */
export function href<Id extends PathRouteId>(id: Id, ...[params, query]: HrefArgs<Id>): string {
  const values = Object.fromEntries(Object.entries(params ?? {}).map(([key, value]) => [key, String(value)]));
  const path = fillPath(ROUTES[id].path, values);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** Home of the user area: the player home screen. */
export const HOME_PATH = ROUTES['root.user.player.home'].path;
/** The post-login default when no `next` is given (SPEC §4). */
export const DEFAULT_AFTER_LOGIN = '/dashboard/';

/**
 * A `next` target that stays inside the portal: a path on this origin, never a scheme-relative or
 * absolute address (an open redirect), never the login or logout page itself.
 */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  const pathname = next.split(/[?#]/)[0]?.replace(/\/+$/, '').toLowerCase() ?? '';
  if (pathname === ROUTES.login.path || pathname === ROUTES.logout.path) return null;
  return next;
}

/** The login page, coming back to `next` after signing in. */
export function loginHref(next?: string | null): string {
  const target = safeNext(next);
  return href('login', null, { next: target && target !== '/' ? target : undefined });
}
