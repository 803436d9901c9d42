/** The signed-in user's own record (SPEC §3 User, §7 Profile). */
import * as z from 'zod';

import { SOCIAL_HANDLE_MAX, SOCIAL_PROVIDERS, USER_ACTIONS } from '../account.ts';
import { LANGUAGES } from '../languages.ts';
import { ROLES } from '../roles.ts';
import {
  boolean,
  choice,
  count,
  detailAnswer,
  endpoint,
  page,
  pageQuery,
  text,
  timestamp,
  type Reply,
  type RequestBody,
} from './common.ts';

const tags = ['user'];

export const userAccount = z.object({
  id: count,
  tags: z.array(z.string()),
  account_status: z.string(),
  time_zone: z.string().describe('The family’s time zone (IANA); dates and times are shown in it.'),
});

/**
 * A language a request may choose (the profile, the login page's picker): one of LANGUAGES, any
 * other value refused with the choice message.
 */
export const languageChoice = choice(LANGUAGES);

/** The signed-in user as every profile read answers it. */
export const userInfo = z.object({
  id: count,
  first_name: z.string(),
  last_name: z.string(),
  name: z.string().describe('first_name and last_name.'),
  full_name: z.string(),
  email: z.string(),
  pending_email: z
    .string()
    .nullable()
    .describe('A new e-mail address waiting for its confirmation link to be opened; null when none.'),
  phonenumber: z.string(),
  country: z.string(),
  social_account: z
    .object({ provider: z.enum(SOCIAL_PROVIDERS), handle: z.string() })
    .nullable()
    .describe('The name the parent uses in the community group (POST /api/v1/social-acc/set).'),
  is_staff: z.boolean(),
  is_coach: z.boolean(),
  is_billing_user: z.boolean(),
  role: z.enum(ROLES),
  account: userAccount.nullable(),
  billing_status: z.object({ status_name: z.string() }),
  language: z
    .enum(LANGUAGES)
    .nullable()
    .describe(
      'The language the person chose (profile or login page), used for their e-mails and texts; null until they choose, when the page follows the browser’s languages.',
    ),
});

/**
 * The fields a person may change about themselves. They are checked with the profile rules against
 * the stored record (a new phone number against the stored country), so the body only asks for
 * text here. Anything else in the body (is_staff, is_billing_user, …) is dropped. A new `email`
 * is not applied at once: it becomes `pending_email` until the link sent to it is opened.
 */
const ownProfilePatch = z.object({
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  email: z.string().optional(),
  phonenumber: z.string().optional(),
  country: z.string().optional(),
  language: languageChoice.optional().describe('Your language: the pages and e-mails speak it from now on.'),
});

/** The shipping address (SPEC §3 Shipping); the answer carries warnings and the user (SPEC §7). */
export const shippingAnswer = z.object({
  address_1: z.string(),
  address_2: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  country: z.string().describe('The default country (US) when none is stored.'),
  warnings: z
    .record(z.string(), z.array(z.string()))
    .describe('Messages that do not block saving, by field (a PO Box address).'),
  updated_at: timestamp.nullable(),
  user: userInfo,
});

export const shippingPatch = z.object({
  address_1: z.string().optional(),
  address_2: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  zipcode: z.string().optional(),
  country: z.string().optional(),
});

export const userAction = z.object({ action: z.string(), created_at: timestamp });

export const notificationSettings = z.object({
  weekly_digest: z.boolean().describe('The Monday e-mail with each player’s week.'),
});

export const userApi = {
  info: endpoint(
    'GET',
    '/api/v2/user/info/',
    { tags, summary: 'The signed-in user', response: { 200: userInfo } },
    { aliases: ['/api/v2/user/'] },
  ),
  patch: endpoint('PATCH', '/api/v2/user/', {
    tags,
    summary: 'Change your own names, phone number, country and language',
    description:
      'Checked with the profile rules; other fields in the body (is_staff, is_billing_user, email, …) are ignored.',
    body: ownProfilePatch,
    response: { 200: userInfo },
  }),
  confirmEmail: endpoint('POST', '/api/v2/user/email/confirm', {
    tags,
    summary: 'Open an e-mail change link: the new address replaces the old one',
    description: 'Public: the link is the proof. The old address is told that the e-mail changed.',
    body: z.object({ token: text({ max: 200 }) }),
    response: { 200: z.object({ detail: z.string(), email: z.string() }) },
  }),
  cancelEmailChange: endpoint('DELETE', '/api/v2/user/email/pending', {
    tags,
    summary: 'Forget a pending e-mail change (its link stops working)',
    response: { 200: userInfo },
  }),
  changePassword: endpoint('POST', '/api/v2/user/password', {
    tags,
    summary: 'Change your password (needs the current one; your other sessions end)',
    body: z.object({
      current_password: z.string().optional(),
      password: z.string().optional(),
      password_copy: z.string().optional(),
    }),
    response: { 200: detailAnswer },
  }),
  shipping: endpoint('GET', '/api/v2/user/shipping', {
    tags,
    summary: 'Your shipping address (with the user)',
    response: { 200: shippingAnswer },
  }),
  patchShipping: endpoint('PATCH', '/api/v2/user/shipping', {
    tags,
    summary: 'Change your shipping address (the shared address rules; a PO Box is a warning)',
    body: shippingPatch,
    response: { 200: shippingAnswer },
  }),
  actions: endpoint('GET', '/api/v2/user/user_actions', {
    tags,
    summary: 'What you have done that the portal remembers, newest first',
    querystring: pageQuery(),
    response: { 200: page(userAction) },
  }),
  recordAction: endpoint('POST', '/api/v2/user/user_actions', {
    tags,
    summary: 'Remember that you did something (recording it twice keeps the first time)',
    body: z.object({ action: choice(USER_ACTIONS) }),
    response: { 200: userAction },
  }),
  hasDone: endpoint('GET', '/api/v1/actions/has_done', {
    tags,
    summary: 'Whether you have done an action',
    querystring: z.object({ action: choice(USER_ACTIONS) }),
    response: { 200: z.object({ action: z.string(), has_done: z.boolean(), done_at: timestamp.nullable() }) },
  }),
  setSocialAccount: endpoint('POST', '/api/v1/social-acc/set', {
    tags,
    summary: 'Tell us the name you use in the parents’ community group (blank handle removes it)',
    body: z.object({
      provider: choice(SOCIAL_PROVIDERS),
      handle: text({ max: SOCIAL_HANDLE_MAX, allowBlank: true }),
    }),
    response: { 200: userInfo },
  }),
  notifications: endpoint('GET', '/api/v2/user/notifications', {
    tags,
    summary: 'Your e-mail settings',
    response: { 200: notificationSettings },
  }),
  patchNotifications: endpoint('PATCH', '/api/v2/user/notifications', {
    tags,
    summary: 'Change your e-mail settings',
    body: z.object({ weekly_digest: boolean.optional() }),
    response: { 200: notificationSettings },
  }),
  unsubscribe: endpoint('POST', '/api/v2/user/notifications/unsubscribe', {
    tags,
    summary: 'Stop the weekly summary from its e-mail’s link (public: the link is the proof)',
    body: z.object({ token: text({ max: 300 }) }),
    response: { 200: detailAnswer },
  }),
};

export type UserInfo = Reply<typeof userApi.info>;
export type UserAccount = z.input<typeof userAccount>;
export type OwnProfilePatch = RequestBody<typeof userApi.patch>;
export type ShippingAnswer = Reply<typeof userApi.shipping>;
export type ShippingPatch = RequestBody<typeof userApi.patchShipping>;
export type PasswordChange = RequestBody<typeof userApi.changePassword>;
export type UserActionAnswer = Reply<typeof userApi.recordAction>;
export type NotificationSettings = Reply<typeof userApi.notifications>;
