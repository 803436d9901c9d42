import { ROLES } from '@grove/domain';
import { z } from 'zod';

/** The signed-in user as every profile read answers it (SPEC §3 User). */
export const userInfoSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  /** first_name + ' ' + last_name */
  name: z.string(),
  full_name: z.string(),
  email: z.string(),
  phonenumber: z.string(),
  country: z.string(),
  is_staff: z.boolean(),
  is_coach: z.boolean(),
  is_billing_user: z.boolean(),
  role: z.enum(ROLES),
  account: z.object({ id: z.number().int(), tags: z.array(z.string()), account_status: z.string() }).nullable(),
  billing_status: z.object({ status_name: z.string() }),
});

export type UserInfo = z.infer<typeof userInfoSchema>;

/**
 * PATCH /api/v2/user/: the fields a person may change about themselves. Anything else in the body
 * (is_staff, is_billing_user, email, …) is dropped before the service sees it.
 */
export const ownProfilePatchBody = z.object({
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  phonenumber: z.string().optional(),
  country: z.string().optional(),
});

export type OwnProfilePatchBody = z.infer<typeof ownProfilePatchBody>;
