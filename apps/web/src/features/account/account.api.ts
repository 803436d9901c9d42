/**
 * The account screen (SPEC §2 Account details, §3 User, Shipping, Device, Order; §7 Profile,
 * Account, SMS; issue 12 item 7): the person's profile, e-mail change, password, shipping address,
 * the account's people, devices and kiosk mode, orders, e-mail settings, the family's note to its
 * coach and the community name. Every shape comes from the API contract (packages/domain/src/api).
 *
 * A change of the user record (profile, e-mail, shipping, community name) puts the answer's user
 * into the user-info query, so the header greeting and the screen update without a reload.
 */
import { t } from '@lingui/core/macro';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  Account,
  AccountUser,
  CaregiverBody,
  CustomNote,
  Device,
  DevicePage,
  accountApi as accountContract,
} from '@grove/domain/api/account';
import type { Order } from '@grove/domain/api/billing';
import type { Reply, RequestBody } from '@grove/domain/api/common';
import type { SmsAnswer, SmsBody } from '@grove/domain/api/communications';
import type { Language } from '@grove/domain/languages';
import { accountApi } from '@grove/domain/api/endpoints/account';
import { billingApi } from '@grove/domain/api/endpoints/billing';
import { communicationsApi } from '@grove/domain/api/endpoints/communications';
import { userApi } from '@grove/domain/api/endpoints/user';
import type {
  NotificationSettings,
  OwnProfilePatch,
  PasswordChange,
  ShippingAnswer,
  ShippingPatch,
  UserInfo,
  userApi as userContract,
} from '@grove/domain/api/user';

import { ApiError, call, unwrap } from '../../lib/api-client.ts';
import { accountKeys } from '../../lib/queries/account.ts';
import { authKeys } from '../../lib/queries/user.ts';

/** Devices read in one page: an account has a handful. */
export const DEVICES_PAGE_SIZE = 100;

/** The answer's user becomes the signed-in user everywhere (header greeting, this screen). */
export function putUserInfo(queryClient: QueryClient, user: UserInfo): void {
  queryClient.setQueryData(authKeys.userInfo(), user);
}

// Reads.

/** GET /api/v2/user/shipping/: the shipping address, its warnings (a PO Box) and the user. */
export function shippingQuery() {
  return queryOptions({
    queryKey: accountKeys.shipping(),
    queryFn: async ({ signal }) => unwrap(await call(userApi.shipping, { signal })),
    meta: { errorTitle: t`Loading your shipping address` },
  });
}

/** GET /api/v2/user/accounts/{id}/devices/: the tablets and phones that run the games. */
export function devicesQuery(accountId: number) {
  return queryOptions({
    queryKey: accountKeys.devices(accountId),
    queryFn: async ({ signal }) =>
      unwrap(
        await call(accountApi.devices, { params: { id: accountId }, query: { page_size: DEVICES_PAGE_SIZE }, signal }),
      ),
    meta: { errorTitle: t`Loading your devices` },
  });
}

/** GET /api/v2/user/info/orders/: the family's orders (SPEC §8: a 404 is not reported). */
export function ordersQuery() {
  return queryOptions({
    queryKey: accountKeys.orders(),
    queryFn: async ({ signal }) => unwrap(await call(billingApi.userOrders, { signal })),
    meta: { errorTitle: t`Loading your orders`, notify: 'orderFetch' },
  });
}

/** SPEC §3: the recent confirmed order is the first order with a confirmation date. */
export function recentConfirmedOrder(orders: readonly Order[]): Order | null {
  return orders.find((order) => order.date_confirmed !== null) ?? null;
}

/** GET /api/v2/user/notifications/: the weekly summary e-mail, on or off. */
export function notificationsQuery() {
  return queryOptions({
    queryKey: accountKeys.notifications(),
    queryFn: async ({ signal }) => unwrap(await call(userApi.notifications, { signal })),
    meta: { errorTitle: t`Loading your e-mail settings` },
  });
}

/** GET /api/v1/accounts/{id}/custom_note/: the family's note to its coach. */
export function customNoteQuery(accountId: number) {
  return queryOptions({
    queryKey: accountKeys.customNote(accountId),
    queryFn: async ({ signal }) => unwrap(await call(accountApi.customNote, { params: { id: accountId }, signal })),
    meta: { errorTitle: t`Loading the note to your coach` },
  });
}

// The person's own record.

/** PATCH /api/v2/user/: names, phone and country; an `email` becomes the pending e-mail. */
export async function patchProfile(body: OwnProfilePatch): Promise<UserInfo> {
  return unwrap(await call(userApi.patch, { body }));
}

/** PATCH /api/v2/user/ { language }: the person's language, for the pages and their e-mails and texts. */
export async function patchLanguage(language: Language): Promise<UserInfo> {
  return unwrap(await call(userApi.patch, { body: { language } }));
}

/** DELETE /api/v2/user/email/pending/: forget the pending e-mail change. */
export async function cancelEmailChange(): Promise<UserInfo> {
  return unwrap(await call(userApi.cancelEmailChange));
}

/** POST /api/v2/user/email/confirm/ (public): the link's token; answers what changed. */
export async function confirmEmail(token: string): Promise<Reply<typeof userContract.confirmEmail>> {
  return unwrap(await call(userApi.confirmEmail, { body: { token }, auth: false }));
}

/** POST /api/v2/user/password/: needs the current password; the person's other sessions end. */
export async function changePassword(body: PasswordChange): Promise<string> {
  return unwrap(await call(userApi.changePassword, { body })).detail;
}

/** PATCH /api/v2/user/shipping/: the answer carries the address, its warnings and the user. */
export async function patchShipping(body: ShippingPatch): Promise<ShippingAnswer> {
  return unwrap(await call(userApi.patchShipping, { body }));
}

/** POST /api/v1/social-acc/set: the community name (a blank handle removes it). */
export async function setSocialAccount(body: RequestBody<typeof userContract.setSocialAccount>): Promise<UserInfo> {
  return unwrap(await call(userApi.setSocialAccount, { body }));
}

/** PATCH /api/v2/user/notifications/. */
export async function patchNotifications(
  body: RequestBody<typeof userContract.patchNotifications>,
): Promise<NotificationSettings> {
  return unwrap(await call(userApi.patchNotifications, { body }));
}

/** POST /api/v2/user/notifications/unsubscribe/ (public): the token of the e-mail's link. */
export async function unsubscribe(token: string): Promise<string> {
  const answer = unwrap(await call(userApi.unsubscribe, { body: { token }, auth: false }));
  return answer.detail;
}

// The account's people.

type AccountUserReply = Reply<typeof accountContract.addUser, 201>;

/**
 * SPEC §8: a change of an account user answers `hasErrors`; an answer that has them is a failure
 * (its field messages, if any, land in the form like a 400's).
 */
function checkedUser(answer: AccountUserReply): AccountUser {
  if (answer.hasErrors) throw new ApiError(400, 'Bad Request', answer, t`The change could not be saved.`);
  return answer.user;
}

/** POST /api/v2/accounts/{id}/add_user/: invites a caregiver (an e-mail to set a password). */
export async function addAccountUser(accountId: number, body: CaregiverBody): Promise<AccountUser> {
  return checkedUser(unwrap(await call(accountApi.addUser, { params: { id: accountId }, body })));
}

/** PATCH /api/v2/accounts/{id}/users/{userId}/: a caregiver's names, phone and country. */
export async function updateAccountUser(
  accountId: number,
  userId: number,
  body: RequestBody<typeof accountContract.updateUser>,
): Promise<AccountUser> {
  return checkedUser(unwrap(await call(accountApi.updateUser, { params: { id: accountId, userId }, body })));
}

/** DELETE /api/v2/accounts/{id}/users/{userId}/: the caregiver's login ends. */
export async function removeAccountUser(accountId: number, userId: number): Promise<string> {
  return unwrap(await call(accountApi.removeUser, { params: { id: accountId, userId } })).detail;
}

/** POST /api/v2/accounts/{id}/users/{userId}/resend_invite/: a new link; the earlier one stops working. */
export async function resendInvite(accountId: number, userId: number): Promise<string> {
  return unwrap(await call(accountApi.resendInvite, { params: { id: accountId, userId } })).detail;
}

/** The account's people after a change: the changed one replaced (or added), or removed. */
export function withUser(account: Account | undefined, user: AccountUser): Account | undefined {
  if (!account) return account;
  const exists = account.users.some((item) => item.id === user.id);
  const users = exists ? account.users.map((item) => (item.id === user.id ? user : item)) : [...account.users, user];
  return { ...account, users };
}

export function withoutUser(account: Account | undefined, userId: number): Account | undefined {
  return account ? { ...account, users: account.users.filter((item) => item.id !== userId) } : account;
}

// Devices.

/** PUT …/devices/{deviceId}/toggle_kiosk_mode/: the device picks it up when it next reads its settings. */
export async function toggleKiosk(accountId: number, deviceId: number, isKioskMode: boolean): Promise<Device> {
  const body = { is_kiosk_mode: isKioskMode };
  return unwrap(await call(accountApi.toggleKiosk, { params: { id: accountId, deviceId }, body }));
}

/** PATCH …/devices/{deviceId}/: a new name. */
export async function renameDevice(accountId: number, deviceId: number, name: string): Promise<Device> {
  return unwrap(await call(accountApi.renameDevice, { params: { id: accountId, deviceId }, body: { name } }));
}

/** POST …/devices/{deviceId}/revoke_token/: the device stops uploading until it gets a new token. */
export async function revokeDevice(accountId: number, deviceId: number): Promise<Device> {
  return unwrap(await call(accountApi.revokeDevice, { params: { id: accountId, deviceId } }));
}

/** The device list with `device` replaced by its new state. */
export function withDevice(page: DevicePage | undefined, device: Device): DevicePage | undefined {
  return page ? { ...page, results: page.results.map((item) => (item.id === device.id ? device : item)) } : page;
}

// The rest.

/** PUT /api/v1/accounts/{id}/custom_note/ (blank clears it). */
export async function setCustomNote(accountId: number, customNote: string): Promise<CustomNote> {
  const body = { custom_note: customNote };
  return unwrap(await call(accountApi.setCustomNote, { params: { id: accountId }, body }));
}

/** POST /api/v1/sms/message/ kind app_link: the game's download link, texted to a phone. */
export async function sendAppLink(phone: { phonenumber: string; country: string }): Promise<SmsAnswer> {
  const body: SmsBody = { kind: 'app_link', ...phone };
  return unwrap(await call(communicationsApi.sendSms, { body }));
}
