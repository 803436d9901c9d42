/**
 * What the published OpenAPI document (/api/docs/json) says beyond the contract's schemas
 * (docs/decisions/0065-published-openapi.md): each operation's `operationId` (from the contract's
 * endpoint names), its `security` (from the route's access policy) and its error answers (shared
 * building blocks in components/responses, chosen from the policy and the shape of the request),
 * and the document's `servers` (PUBLIC_URL). None of it changes how a route validates, serialises
 * or answers: the error answers are added to the document only, never to Fastify's route schemas.
 */
import * as account from '@grove/domain/api/account';
import * as admin from '@grove/domain/api/admin';
import * as auth from '@grove/domain/api/auth';
import * as backoffice from '@grove/domain/api/backoffice';
import * as billing from '@grove/domain/api/billing';
import * as coaching from '@grove/domain/api/coaching';
import type { Endpoint } from '@grove/domain/api/common';
import * as communications from '@grove/domain/api/communications';
import * as dataRights from '@grove/domain/api/data-rights';
import * as experiments from '@grove/domain/api/experiments';
import * as game from '@grove/domain/api/game';
import * as health from '@grove/domain/api/health';
import * as pairing from '@grove/domain/api/pairing';
import * as play from '@grove/domain/api/play';
import * as players from '@grove/domain/api/players';
import * as privacy from '@grove/domain/api/privacy';
import * as sharing from '@grove/domain/api/sharing';
import * as support from '@grove/domain/api/support';
import * as surveys from '@grove/domain/api/surveys';
import * as user from '@grove/domain/api/user';
import * as webinars from '@grove/domain/api/webinars';
import type { Policy } from '../modules/auth/auth.plugin.ts';

type JsonObject = Record<string, unknown>;

const CONTRACT_MODULES = [
  account,
  admin,
  auth,
  backoffice,
  billing,
  coaching,
  communications,
  dataRights,
  experiments,
  game,
  health,
  pairing,
  play,
  players,
  privacy,
  sharing,
  support,
  surveys,
  user,
  webinars,
] as const;

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'url' in value && 'schema' in value;

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The operationId of every (method, path) of the contract: `<group><Endpoint>` from the contract's
 * own names (`playersApi.get` → `playersGet`, `dataRightsApi.requestExport` →
 * `dataRightsRequestExport`); an alias path adds `Alias` (`Alias2`, … when there are more).
 * Renaming an endpoint in the contract renames its operation; moving its path does not.
 */
function contractOperationIds(): Map<string, string> {
  const ids = new Map<string, string>();
  const add = (name: string, endpoint: Endpoint) => {
    const aliases = endpoint.aliases ?? [];
    const urls: [string, string][] = [
      [endpoint.url, name],
      ...aliases.map((url, i): [string, string] => [url, `${name}Alias${aliases.length > 1 ? i + 1 : ''}`]),
    ];
    for (const [url, id] of urls) {
      const routeKey = `${endpoint.method} ${url}`;
      const taken = ids.get(routeKey);
      if (taken && taken !== id) throw new Error(`${routeKey} is both ${taken} and ${id} in the contract`);
      ids.set(routeKey, id);
    }
  };
  // A group may nest groups (`playersApi.hrGauge.get` → `playersHrGaugeGet`).
  const walk = (prefix: string, group: object) => {
    for (const [key, value] of Object.entries(group)) {
      if (isEndpoint(value)) add(`${prefix}${capitalise(key)}`, value);
      else if (typeof value === 'object' && value !== null) walk(`${prefix}${capitalise(key)}`, value);
    }
  };
  for (const module of CONTRACT_MODULES) {
    for (const [exportName, group] of Object.entries(module)) {
      if (exportName.endsWith('Api') && typeof group === 'object' && group !== null) {
        walk(exportName.slice(0, -'Api'.length), group);
      }
    }
  }
  return ids;
}

let operationIds: Map<string, string> | undefined;

/** The operationId of a route of the contract; a route outside the contract has none (and fails). */
export function operationIdOf(method: string, url: string): string {
  operationIds ??= contractOperationIds();
  const id = operationIds.get(`${method} ${url}`);
  if (!id)
    throw new Error(`${method} ${url} is not an endpoint of the contract (packages/domain/src/api): no operationId`);
  return id;
}

// Security schemes (auth.plugin.ts enforces them; auth.cookies.ts names the cookies and header).

export const SECURITY_SCHEMES = {
  accessToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The access token of a signed-in person: `Authorization: Bearer <access_token>` (POST /api/v2/auth/oauth2/token/ or a login).',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'grove_session',
    description: 'The session cookie set by POST /api/v2/auth/session/login/ (the web portal), instead of a token.',
  },
  csrfCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'csrftoken',
    description:
      'The CSRF cookie every GET hands out; a signed-in write sends it back with the same value in X-CSRFToken.',
  },
  csrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRFToken',
    description:
      "The csrftoken cookie's value (double submit), required on POST, PUT, PATCH and DELETE of a signed-in person.",
  },
  deviceToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The device token of a paired game tablet (the device-code flow under /api/v2/game/pairing/): `Authorization: Bearer <device_token>`.',
  },
} as const;

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** An operation's `security` from its route's policy: who may call it, and with what. */
export function securityOf(policy: Policy, method: string): Record<string, string[]>[] {
  if (policy === 'public') return [];
  if (policy === 'device') return [{ deviceToken: [] }];
  const csrf: Record<string, string[]> = UNSAFE.has(method) ? { csrfCookie: [], csrfHeader: [] } : {};
  return [
    { accessToken: [], ...csrf },
    { sessionCookie: [], ...csrf },
  ];
}

// Error answers: the API's two shapes (ARCHITECTURE §3, SPEC §8) as shared building blocks.

const messages = { type: 'array', items: { type: 'string' } };

const ERROR_SCHEMAS = {
  FieldErrors: {
    type: 'object',
    description:
      'A validation failure (SPEC §8): each refused field with its messages, `non_field_errors` for the request as a whole. A form shows each message beside its field.',
    properties: { non_field_errors: { ...messages, description: 'Messages about the request as a whole.' } },
    additionalProperties: { ...messages, description: 'The messages of one field, named as in the request.' },
  },
  Error: {
    type: 'object',
    description: 'Any other refusal: a sentence for people and a stable code for programs.',
    required: ['detail', 'code'],
    properties: {
      detail: { type: 'string', description: 'What went wrong, in a sentence a parent understands.' },
      code: { type: 'string', description: 'A stable machine-readable code (invalid_token, not_found, conflict, …).' },
    },
  },
  OAuthError: {
    type: 'object',
    description: "An OAuth2 refusal (RFC 6749 §5.2), with the API's `detail` and `code` beside `error`.",
    required: ['error', 'detail', 'code'],
    properties: {
      error: {
        type: 'string',
        enum: ['invalid_grant', 'invalid_request', 'unsupported_grant_type', 'unauthorized_client'],
      },
      error_description: { type: 'string' },
      detail: { type: 'string' },
      code: { type: 'string' },
    },
  },
} as const;

const ref = (schema: keyof typeof ERROR_SCHEMAS) => ({ $ref: `#/components/schemas/${schema}` });
const json = (schema: object) => ({ 'application/json': { schema } });
const errorAnswer = (description: string) => ({ description, content: json(ref('Error')) });

const RETRY_AFTER = {
  description: 'Seconds to wait before trying again.',
  schema: { type: 'integer', minimum: 1 },
};

const ERROR_RESPONSES = {
  BadRequest: {
    description:
      'The request was refused with field messages (a field failed its rule, or the body or path could not be read).',
    content: json(ref('FieldErrors')),
  },
  BadRequestOrError: {
    description: 'Refused: field messages, or `{ detail, code }` when the request could not be checked field by field.',
    content: json({ anyOf: [ref('FieldErrors'), ref('Error')] }),
  },
  OAuthBadRequest: {
    description: 'Refused: an OAuth2 error, or field messages when the body could not be read.',
    content: json({ anyOf: [ref('OAuthError'), ref('FieldErrors')] }),
  },
  Unauthorized: errorAnswer('No valid credentials: `{ "detail": "Invalid Token", "code": "invalid_token" }`.'),
  PaymentRequired: errorAnswer('The payment service declined the card or could not be used.'),
  Forbidden: errorAnswer(
    "Not allowed: the caller's role may not call this operation (`permission_denied`), or a write lacked the CSRF header (`csrf_failed`).",
  ),
  NotFound: errorAnswer(
    'Not found: the object does not exist, or belongs to an account the caller has no relation to.',
  ),
  Conflict: errorAnswer("The object's state does not allow this change now (a sentence says why)."),
  Gone: errorAnswer('The object existed but has expired.'),
  PayloadTooLarge: errorAnswer('The request body is larger than this operation accepts.'),
  IdempotencyKeyReused: errorAnswer('This Idempotency-Key was used with another request.'),
  TooManyRequests: {
    ...errorAnswer('Too many attempts: try again after the time `Retry-After` gives.'),
    headers: { 'Retry-After': RETRY_AFTER },
  },
} as const;

type ResponseName = keyof typeof ERROR_RESPONSES;

/**
 * The answers an operation gives because of what its service does rather than because of its
 * policy or shape (the services throw them: `conflict()`, `tooManyRequests()`, the idempotency
 * store, the payment port). Kept beside the rules below; the document fails to build when a name
 * here is not an operation of the contract.
 */
const IDEMPOTENT = [
  'adminCreateNote',
  'billingCreateOrder',
  'billingConfirmOrder',
  'billingPayment',
  'billingRefundInvoice',
  'billingRemoveInvoice',
  'billingCancelRequest',
  'billingCancelUndo',
  'billingCancelConfirm',
  'billingPause',
  'billingResume',
  'billingReturnRequest',
  'billingReturnConfirm',
  'billingReturnDecline',
  'billingRenewDecline',
  'billingRenew',
  'billingAdminRenew',
];

const SERVICE_ANSWERS: Record<number, readonly string[]> = {
  // The payment port: a declined card, or a payment service that could not be used.
  402: [
    'billingConfirmOrder',
    'billingPayment',
    'billingCardUpdate',
    'billingRefundInvoice',
    'billingRenew',
    'billingAdminRenew',
  ],
  // A state that refuses the change (and an Idempotency-Key whose first request is still running).
  409: [
    ...IDEMPOTENT,
    'accountRemoveUser',
    'accountResendInvite',
    'accountSetStatus',
    'adminReplaceAccount',
    'adminUpdateAccount',
    'adminMigrate',
    'billingTrackConversion',
    'coachingBook',
    'coachingUpdateCall',
    'dataRightsRequestExport',
    'dataRightsDownload',
    'dataRightsRequestDeletion',
    'dataRightsUndoDeletion',
    'dataRightsDeleteNow',
    'gameCreateProfile',
    'webinarsRegister',
    'webinarsUnregister',
  ],
  410: ['dataRightsDownload'],
  422: IDEMPOTENT,
  // Throttles (auth.throttle.ts): logins, links, codes and messages counted per address or person.
  429: [
    'authLogin',
    'authSessionLogin',
    'authToken',
    'authPasswordReset',
    'authAccessRequest',
    'accountResendInvite',
    'billingPromo',
    'communicationsSendSms',
    'dataRightsRequestExport',
    'pairingDeviceCode',
    'pairingCheck',
    'pairingApprove',
    'pairingDeny',
    'sharingSummary',
    'supportCreate',
    'userPatch',
    'userChangePassword',
  ],
};

/** Operations whose 400 is not (only) field messages. */
const OTHER_400: Record<string, ResponseName> = {
  authToken: 'OAuthBadRequest',
  billingStripeWebhook: 'BadRequestOrError',
};

/** Public operations that still refuse a client: the OAuth2 endpoints check the client id. */
const PUBLIC_401 = new Set(['authToken', 'authRevoke']);

const STATUS_RESPONSES: Record<number, ResponseName> = {
  401: 'Unauthorized',
  402: 'PaymentRequired',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  410: 'Gone',
  413: 'PayloadTooLarge',
  422: 'IdempotencyKeyReused',
  429: 'TooManyRequests',
};

/** What the document needs to know of a route: its policy, method and request shape. */
export interface OperationFacts {
  operationId: string;
  policy: Policy;
  method: string;
  hasPathParams: boolean;
  hasBody: boolean;
}

/**
 * The error answers of an operation, by status: 400 with field messages for every operation (any
 * path can fail to decode, and every input is checked field by field); 401 unless public; 403 for
 * coach and staff routes and for a signed-in person's writes (CSRF); 404 where the path names an
 * object; 413 where a body is taken; 402, 409, 410, 422 and 429 where the service gives them.
 */
export function errorResponsesOf(facts: OperationFacts): Record<string, ResponseName> {
  const { operationId, policy, method } = facts;
  const statuses = new Set<number>();
  if (policy !== 'public' || PUBLIC_401.has(operationId)) statuses.add(401);
  const person = policy === 'user' || policy === 'coach' || policy === 'staff';
  if (policy === 'coach' || policy === 'staff' || (person && UNSAFE.has(method))) statuses.add(403);
  if (facts.hasPathParams) statuses.add(404);
  if (facts.hasBody) statuses.add(413);
  for (const [status, ids] of Object.entries(SERVICE_ANSWERS))
    if (ids.includes(operationId)) statuses.add(Number(status));
  const answers: Record<string, ResponseName> = { 400: OTHER_400[operationId] ?? 'BadRequest' };
  for (const status of [...statuses].sort()) answers[status] = STATUS_RESPONSES[status]!;
  return answers;
}

/** The key under which the transform hands an operation's facts to `finishDocument`. */
export const FACTS_KEY = 'x-grove-operation';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface Operation {
  operationId?: string;
  responses?: Record<string, unknown>;
  [FACTS_KEY]?: OperationFacts;
}

/**
 * @fastify/swagger's transformObject: each operation gets its error answers (`$ref`s to the shared
 * responses, never replacing one the contract declares), and the document its servers and error
 * components. Fails when an operation has no facts or the service table names an unknown operation.
 */
export function finishDocument<D extends object>(document: D, publicUrl: string): D {
  const paths = ((document as JsonObject).paths ?? {}) as Record<string, Record<string, Operation>>;
  const seen = new Set<string>();
  const usedResponses = new Set<ResponseName>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const facts = operation[FACTS_KEY];
      if (!facts)
        throw new Error(`${method.toUpperCase()} ${path}: no operation facts (lib/contract.ts openApiTransform)`);
      delete operation[FACTS_KEY];
      seen.add(facts.operationId);
      const responses = (operation.responses ??= {});
      for (const [status, name] of Object.entries(errorResponsesOf(facts))) {
        if (responses[status]) continue;
        responses[status] = { $ref: `#/components/responses/${name}` };
        usedResponses.add(name);
      }
    }
  }
  const named = [...Object.values(SERVICE_ANSWERS).flat(), ...Object.keys(OTHER_400), ...PUBLIC_401];
  const unknown = [...new Set(named)].filter((id) => !seen.has(id));
  if (unknown.length > 0) throw new Error(`lib/openapi.ts names operations the document lacks: ${unknown.join(', ')}`);

  const components = ((document as JsonObject).components ?? {}) as JsonObject;
  const responses = Object.fromEntries(
    Object.entries(ERROR_RESPONSES).filter(([name]) => usedResponses.has(name as ResponseName)),
  );
  return {
    ...document,
    servers: [{ url: publicUrl.replace(/\/+$/, ''), description: 'This Grove server (PUBLIC_URL).' }],
    components: {
      ...components,
      schemas: { ...((components.schemas as JsonObject | undefined) ?? {}), ...ERROR_SCHEMAS },
      responses: { ...((components.responses as JsonObject | undefined) ?? {}), ...responses },
    },
  } as D;
}
