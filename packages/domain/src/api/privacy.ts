/**
 * Consent and the privacy page (issue 17 items 1 and 6; docs/privacy.md): the signed-in person's
 * consent status and history, agreeing to a new policy version, the analytics choice, and an
 * account's consent history for staff. Rules and texts are in ../privacy.ts.
 */
import * as z from 'zod';

import { CONSENT_KINDS, CONSENT_MESSAGES } from '../privacy.ts';
import {
  API_MESSAGES,
  count,
  endpoint,
  idParams,
  page,
  pageQuery,
  timestamp,
  type Reply,
  type RequestBody,
} from './common.ts';

const tags = ['privacy'];

/** How many consent records the signed-in person's status lists (newest first). */
export const CONSENT_HISTORY_LIMIT = 100;

/** The box a parent ticks (checkout, a new player, a new policy version): only `true` is accepted. */
export const consentTick = (message: string) =>
  z.literal(true, { error: message }).describe('true: the parent ticked the consent box.');

export const consentRecord = z.object({
  id: count,
  kind: z.enum(CONSENT_KINDS),
  granted: z.boolean().describe('false: a withdrawal (analytics turned off).'),
  policy_version: z.string(),
  created_at: timestamp,
  user: z.object({ id: count, name: z.string() }).nullable().describe('Who agreed; null once that person is removed.'),
  player: z.object({ id: count, name: z.string() }).nullable().describe('The player a player consent is for.'),
});

export const privacyStatus = z.object({
  policy_version: z.string().describe('The version of the privacy policy in force.'),
  is_parent: z.boolean().describe('A member of a family account (not staff): consent applies.'),
  must_consent: z
    .boolean()
    .describe("true: the household's latest program consent is missing or for an older version; ask before going on."),
  consented_version: z.string().nullable().describe("The version of the household's latest program consent."),
  analytics: z.enum(['on', 'off']).describe("The signed-in person's analytics choice (off unless they turned it on)."),
  payment_texts: z
    .enum(['on', 'off'])
    .describe("The signed-in person's choice of a text message when a payment fails (off unless they turned it on)."),
  consent_count: count,
  consents: z.array(consentRecord).describe(`The household's latest ${CONSENT_HISTORY_LIMIT} records, newest first.`),
});

export const privacyApi = {
  status: endpoint('GET', '/api/v2/user/privacy', {
    tags,
    summary: 'The signed-in person’s consent status, analytics choice and household consent history',
    response: { 200: privacyStatus },
  }),
  agree: endpoint('POST', '/api/v2/user/privacy/consent', {
    tags,
    summary: 'Agree to the privacy policy in force (a program consent record at its version)',
    description: 'Parents of a family account only (403 for others). Answers the new status.',
    body: z.object({ consent: consentTick(CONSENT_MESSAGES.agreeRequired) }),
    response: { 201: privacyStatus },
  }),
  analytics: endpoint('PUT', '/api/v2/user/privacy/analytics', {
    tags,
    summary: 'Turn analytics on or off (a consent record either way)',
    description: 'Parents of a family account only (403 for others). Answers the new status.',
    body: z.object({ analytics: z.enum(['on', 'off'], { error: API_MESSAGES.choice(['on', 'off']) }) }),
    response: { 200: privacyStatus },
  }),
  paymentTexts: endpoint('PUT', '/api/v2/user/privacy/payment_texts', {
    tags,
    summary: 'Turn the failed-payment text messages on or off (a consent record either way)',
    description:
      'Parents of a family account only (403 for others). The text goes to the phone number of the profile, when there is one. Answers the new status.',
    body: z.object({ payment_texts: z.enum(['on', 'off'], { error: API_MESSAGES.choice(['on', 'off']) }) }),
    response: { 200: privacyStatus },
  }),
  accountConsents: endpoint('GET', '/api/v2/accounts/:id/consents', {
    tags,
    summary: "An account's consent history, newest first (its members and staff)",
    description: 'Coaches and anyone else get 404, as for a missing account.',
    params: idParams,
    querystring: pageQuery(),
    response: { 200: page(consentRecord) },
  }),
};

export type ConsentRecord = z.input<typeof consentRecord>;
export type PrivacyStatus = Reply<typeof privacyApi.status>;
export type AnalyticsBody = RequestBody<typeof privacyApi.analytics>;
export type PaymentTextsBody = RequestBody<typeof privacyApi.paymentTexts>;
export type ConsentPage = Reply<typeof privacyApi.accountConsents>;
