/** The signed-in user's own record (SPEC §3 User, §7 Profile). */
import * as z from 'zod';

import { ROLES } from '../roles.ts';
import { count, endpoint, type Reply, type RequestBody } from './common.ts';

const tags = ['user'];

export const userAccount = z.object({
  id: count,
  tags: z.array(z.string()),
  account_status: z.string(),
  time_zone: z.string().describe('The family’s time zone (IANA); dates and times are shown in it.'),
});

/** The signed-in user as every profile read answers it. */
export const userInfo = z.object({
  id: count,
  first_name: z.string(),
  last_name: z.string(),
  name: z.string().describe('first_name and last_name.'),
  full_name: z.string(),
  email: z.string(),
  phonenumber: z.string(),
  country: z.string(),
  is_staff: z.boolean(),
  is_coach: z.boolean(),
  is_billing_user: z.boolean(),
  role: z.enum(ROLES),
  account: userAccount.nullable(),
  billing_status: z.object({ status_name: z.string() }),
});

/**
 * The fields a person may change about themselves. They are checked with the profile rules against
 * the stored record (a new phone number against the stored country), so the body only asks for
 * text here. Anything else in the body (is_staff, is_billing_user, email, …) is dropped.
 */
const ownProfilePatch = z.object({
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  phonenumber: z.string().optional(),
  country: z.string().optional(),
});

export const userApi = {
  info: endpoint(
    'GET',
    '/api/v2/user/info/',
    { tags, summary: 'The signed-in user', security: [{ bearer: [] }], response: { 200: userInfo } },
    { aliases: ['/api/v2/user/'] },
  ),
  patch: endpoint('PATCH', '/api/v2/user/', {
    tags,
    summary: 'Change your own names, phone number and country',
    description:
      'Checked with the profile rules; other fields in the body (is_staff, is_billing_user, email, …) are ignored.',
    security: [{ bearer: [], csrf: [] }],
    body: ownProfilePatch,
    response: { 200: userInfo },
  }),
};

export type UserInfo = Reply<typeof userApi.info>;
export type UserAccount = z.input<typeof userAccount>;
export type OwnProfilePatch = RequestBody<typeof userApi.patch>;
