/**
 * Every endpoint of the API contract under its contract name, as its method and path typed by the
 * endpoint it stands for: the web calls these with `call(playersApi.list, { params, query })`.
 * Only types come from the contract's modules, so no Zod reaches the web's bundle, and each group
 * is its own export, so a page bundles the groups it calls.
 *
 * Generated from the contract by `npm run generate:endpoints` (packages/domain/scripts/endpoints.ts);
 * do not edit: the domain's tests fail when this file is not what the contract says.
 */
import type { EndpointRef, Method } from './common.ts';
import type * as accountContract from './account.ts';
import type * as adminContract from './admin.ts';
import type * as authContract from './auth.ts';
import type * as backofficeContract from './backoffice.ts';
import type * as billingContract from './billing.ts';
import type * as coachingContract from './coaching.ts';
import type * as communicationsContract from './communications.ts';
import type * as dataRightsContract from './data-rights.ts';
import type * as experimentsContract from './experiments.ts';
import type * as gameContract from './game.ts';
import type * as healthContract from './health.ts';
import type * as pairingContract from './pairing.ts';
import type * as playContract from './play.ts';
import type * as playersContract from './players.ts';
import type * as privacyContract from './privacy.ts';
import type * as sharingContract from './sharing.ts';
import type * as supportContract from './support.ts';
import type * as surveysContract from './surveys.ts';
import type * as userContract from './user.ts';
import type * as webinarsContract from './webinars.ts';

const ref = <E extends EndpointRef['endpoint']>(method: Method, url: string) =>
  ({ method, url }) as EndpointRef<NonNullable<E>>;

export const accountApi = {
  detail: ref<typeof accountContract.accountApi.detail>('GET', '/api/v2/accounts/:id'),
  addUser: ref<typeof accountContract.accountApi.addUser>('POST', '/api/v2/accounts/:id/add_user'),
  updateUser: ref<typeof accountContract.accountApi.updateUser>('PATCH', '/api/v2/accounts/:id/users/:userId'),
  removeUser: ref<typeof accountContract.accountApi.removeUser>('DELETE', '/api/v2/accounts/:id/users/:userId'),
  resendInvite: ref<typeof accountContract.accountApi.resendInvite>(
    'POST',
    '/api/v2/accounts/:id/users/:userId/resend_invite',
  ),
  status: ref<typeof accountContract.accountApi.status>('GET', '/api/v1/accounts/:id/status'),
  setStatus: ref<typeof accountContract.accountApi.setStatus>('PUT', '/api/v1/accounts/:id/status'),
  customNote: ref<typeof accountContract.accountApi.customNote>('GET', '/api/v1/accounts/:id/custom_note'),
  setCustomNote: ref<typeof accountContract.accountApi.setCustomNote>('PUT', '/api/v1/accounts/:id/custom_note'),
  data: ref<typeof accountContract.accountApi.data>('GET', '/api/v1/accounts/:id/data'),
  interactions: ref<typeof accountContract.accountApi.interactions>(
    'GET',
    '/api/v1/accounts/:id/customer_interactions',
  ),
  interactionOptions: ref<typeof accountContract.accountApi.interactionOptions>(
    'OPTIONS',
    '/api/v1/accounts/:id/customer_interactions',
  ),
  addInteraction: ref<typeof accountContract.accountApi.addInteraction>(
    'POST',
    '/api/v1/accounts/:id/customer_interactions',
  ),
  devices: ref<typeof accountContract.accountApi.devices>('GET', '/api/v2/user/accounts/:id/devices'),
  toggleKiosk: ref<typeof accountContract.accountApi.toggleKiosk>(
    'PUT',
    '/api/v2/user/accounts/:id/devices/:deviceId/toggle_kiosk_mode',
  ),
  renameDevice: ref<typeof accountContract.accountApi.renameDevice>(
    'PATCH',
    '/api/v2/user/accounts/:id/devices/:deviceId',
  ),
  revokeDevice: ref<typeof accountContract.accountApi.revokeDevice>(
    'POST',
    '/api/v2/user/accounts/:id/devices/:deviceId/revoke_token',
  ),
  adminDevice: ref<typeof accountContract.accountApi.adminDevice>('PATCH', '/api/v2/admin/users/:id'),
};

export const adminApi = {
  accounts: ref<typeof adminContract.adminApi.accounts>('GET', '/api/v2/admin/accounts'),
  account: ref<typeof adminContract.adminApi.account>('GET', '/api/v2/admin/accounts/:id'),
  replaceAccount: ref<typeof adminContract.adminApi.replaceAccount>('PUT', '/api/v2/admin/accounts/:id'),
  updateAccount: ref<typeof adminContract.adminApi.updateAccount>('PATCH', '/api/v2/admin/accounts/:id'),
  tags: ref<typeof adminContract.adminApi.tags>('GET', '/api/v2/admin/accounts/tags'),
  addTag: ref<typeof adminContract.adminApi.addTag>('POST', '/api/v2/admin/accounts/:id/tags'),
  removeTag: ref<typeof adminContract.adminApi.removeTag>('DELETE', '/api/v2/admin/accounts/:id/tags/:tag'),
  migrate: ref<typeof adminContract.adminApi.migrate>('PUT', '/api/v2/admin/migrate_account/:id'),
  shipping: ref<typeof adminContract.adminApi.shipping>('GET', '/api/v2/admin/:id/shipping'),
  patchShipping: ref<typeof adminContract.adminApi.patchShipping>('PATCH', '/api/v2/admin/:id/shipping'),
  createShipping: ref<typeof adminContract.adminApi.createShipping>('POST', '/api/v2/admin/shipping'),
  notes: ref<typeof adminContract.adminApi.notes>('GET', '/api/v2/admin/accounts/:id/notes'),
  note: ref<typeof adminContract.adminApi.note>('GET', '/api/v2/admin/accounts/:id/notes/:noteId'),
  createNote: ref<typeof adminContract.adminApi.createNote>('POST', '/api/v2/admin/accounts/:id/notes'),
  updateNote: ref<typeof adminContract.adminApi.updateNote>('PATCH', '/api/v2/admin/accounts/:id/notes/:noteId'),
  deleteNote: ref<typeof adminContract.adminApi.deleteNote>('DELETE', '/api/v2/admin/accounts/:id/notes/:noteId'),
  accountAudit: ref<typeof adminContract.adminApi.accountAudit>('GET', '/api/v2/admin/accounts/:id/audit'),
  audit: ref<typeof adminContract.adminApi.audit>('GET', '/api/v2/admin/audit'),
};

export const authApi = {
  login: ref<typeof authContract.authApi.login>('POST', '/api/v2/user/auth/login/'),
  sessionLogin: ref<typeof authContract.authApi.sessionLogin>('POST', '/api/v2/auth/session/login/'),
  logout: ref<typeof authContract.authApi.logout>('POST', '/api/v2/auth/session/logout/'),
  token: ref<typeof authContract.authApi.token>('POST', '/api/v2/auth/oauth2/token/'),
  revoke: ref<typeof authContract.authApi.revoke>('POST', '/api/v2/auth/oauth2/revoke_token/'),
  passwordReset: ref<typeof authContract.authApi.passwordReset>('POST', '/api/v2/auth/password/reset/'),
  accessRequest: ref<typeof authContract.authApi.accessRequest>('POST', '/api/v2/auth/access/request/'),
  describeLink: ref<typeof authContract.authApi.describeLink>('GET', '/api/v2/auth/password/set/'),
  setPassword: ref<typeof authContract.authApi.setPassword>('POST', '/api/v2/auth/password/set/'),
};

export const backofficeApi = {
  accountShipments: ref<typeof backofficeContract.backofficeApi.accountShipments>(
    'GET',
    '/api/v2/admin/billing/account/:id/shipments',
  ),
  orders: ref<typeof backofficeContract.backofficeApi.orders>('GET', '/api/v2/admin/orders'),
  ordersCsv: ref<typeof backofficeContract.backofficeApi.ordersCsv>('GET', '/api/v2/admin/orders/export.csv'),
  billingRequests: ref<typeof backofficeContract.backofficeApi.billingRequests>(
    'GET',
    '/api/v2/admin/billing_requests',
  ),
  billingRequestsCsv: ref<typeof backofficeContract.backofficeApi.billingRequestsCsv>(
    'GET',
    '/api/v2/admin/billing_requests/export.csv',
  ),
  shipments: ref<typeof backofficeContract.backofficeApi.shipments>('GET', '/api/v2/admin/shipments'),
  shipmentsCsv: ref<typeof backofficeContract.backofficeApi.shipmentsCsv>('GET', '/api/v2/admin/shipments/export.csv'),
};

export const billingApi = {
  programPlan: ref<typeof billingContract.billingApi.programPlan>('GET', '/api/v2/billing/program_plan'),
  rules: ref<typeof billingContract.billingApi.rules>('GET', '/api/v2/billing/rules'),
  promo: ref<typeof billingContract.billingApi.promo>('GET', '/api/v2/billing/promo/:code'),
  createOrder: ref<typeof billingContract.billingApi.createOrder>('POST', '/api/v2/billing/order'),
  confirmOrder: ref<typeof billingContract.billingApi.confirmOrder>('POST', '/api/v2/billing/order/confirm'),
  payment: ref<typeof billingContract.billingApi.payment>('POST', '/api/v2/billing/payment'),
  cardUpdateLink: ref<typeof billingContract.billingApi.cardUpdateLink>('GET', '/api/v2/billing/card_update'),
  cardUpdate: ref<typeof billingContract.billingApi.cardUpdate>('POST', '/api/v2/billing/card_update'),
  trackConversion: ref<typeof billingContract.billingApi.trackConversion>(
    'PUT',
    '/api/v2/billing/order/track_conversion',
  ),
  accountOrder: ref<typeof billingContract.billingApi.accountOrder>('GET', '/api/v2/billing/accounts/:id/order'),
  orderTrials: ref<typeof billingContract.billingApi.orderTrials>('GET', '/api/v2/billing/accounts/:id/order_trials'),
  userOrders: ref<typeof billingContract.billingApi.userOrders>('GET', '/api/v2/user/info/orders'),
  subscriptions: ref<typeof billingContract.billingApi.subscriptions>(
    'GET',
    '/api/v2/billing/accounts/:id/subscriptions',
  ),
  invoices: ref<typeof billingContract.billingApi.invoices>('GET', '/api/v2/billing/accounts/:id/invoices'),
  billingDetails: ref<typeof billingContract.billingApi.billingDetails>(
    'GET',
    '/api/v2/billing/users/:id/billing_details',
  ),
  requestUpdateEmail: ref<typeof billingContract.billingApi.requestUpdateEmail>(
    'POST',
    '/api/v2/billing/payment/request_update_email',
  ),
  refundInvoice: ref<typeof billingContract.billingApi.refundInvoice>('POST', '/api/v2/billing/invoices/:id/refund'),
  removeInvoice: ref<typeof billingContract.billingApi.removeInvoice>('POST', '/api/v2/billing/invoices/:id/remove'),
  cancelRequest: ref<typeof billingContract.billingApi.cancelRequest>(
    'POST',
    '/api/v2/billing/account/:id/subscription/cancel/request',
  ),
  cancelUndo: ref<typeof billingContract.billingApi.cancelUndo>(
    'POST',
    '/api/v2/billing/account/:id/subscription/cancel/undo',
  ),
  cancelConfirm: ref<typeof billingContract.billingApi.cancelConfirm>(
    'POST',
    '/api/v2/billing/account/:id/subscription/cancel/confirm',
  ),
  pause: ref<typeof billingContract.billingApi.pause>('POST', '/api/v2/billing/account/:id/subscription/pause'),
  resume: ref<typeof billingContract.billingApi.resume>('POST', '/api/v2/billing/account/:id/subscription/resume'),
  returnRequest: ref<typeof billingContract.billingApi.returnRequest>(
    'POST',
    '/api/v2/billing/accounts/:id/return/request',
  ),
  returnConfirm: ref<typeof billingContract.billingApi.returnConfirm>(
    'POST',
    '/api/v2/billing/accounts/:id/return/confirm',
  ),
  returnDecline: ref<typeof billingContract.billingApi.returnDecline>(
    'POST',
    '/api/v2/billing/accounts/:id/return/decline',
  ),
  renewDecline: ref<typeof billingContract.billingApi.renewDecline>(
    'POST',
    '/api/v2/billing/account/:id/renew/decline',
  ),
  renew: ref<typeof billingContract.billingApi.renew>('PUT', '/api/v2/billing/order/renew'),
  adminRenew: ref<typeof billingContract.billingApi.adminRenew>('PUT', '/api/v2/admin/billing/account/:id/renew'),
  stripeWebhook: ref<typeof billingContract.billingApi.stripeWebhook>('POST', '/api/v2/billing/webhooks/stripe'),
  actions: ref<typeof billingContract.billingApi.actions>('GET', '/api/v3/subscription_actions'),
};

export const coachingApi = {
  profile: ref<typeof coachingContract.coachingApi.profile>('GET', '/api/v2/coach/profile/:id'),
  coaches: ref<typeof coachingContract.coachingApi.coaches>('GET', '/api/v1/coach_booking/coaches'),
  availableHours: ref<typeof coachingContract.coachingApi.availableHours>(
    'GET',
    '/api/v1/coach_booking/calendar/available_hours',
  ),
  book: ref<typeof coachingContract.coachingApi.book>('POST', '/api/v1/coach_booking/book'),
  userBookings: ref<typeof coachingContract.coachingApi.userBookings>('GET', '/api/v2/user/coach_bookings'),
  calls: ref<typeof coachingContract.coachingApi.calls>('GET', '/api/v1/coach_booking/coaching_call'),
  call: ref<typeof coachingContract.coachingApi.call>('GET', '/api/v1/coach_booking/coaching_call/:id'),
  updateCall: ref<typeof coachingContract.coachingApi.updateCall>('PUT', '/api/v1/coach_booking/coaching_call/:id'),
  calendarLink: ref<typeof coachingContract.coachingApi.calendarLink>(
    'GET',
    '/api/v1/coach_booking/coaching_call/:id/calendar_link',
  ),
  ics: ref<typeof coachingContract.coachingApi.ics>('GET', '/api/v1/coach_booking/coaching_call/:id/ics'),
  notes: ref<typeof coachingContract.coachingApi.notes>('GET', '/api/v1/coach_booking/coach_note'),
  addNote: ref<typeof coachingContract.coachingApi.addNote>('POST', '/api/v1/coach_booking/coach_note'),
  updateNote: ref<typeof coachingContract.coachingApi.updateNote>('PUT', '/api/v1/coach_booking/coach_note/:id'),
  deleteNote: ref<typeof coachingContract.coachingApi.deleteNote>('DELETE', '/api/v1/coach_booking/coach_note/:id'),
  assignCoach: ref<typeof coachingContract.coachingApi.assignCoach>('PUT', '/api/v1/coach_booking/assign_coach/:id'),
  families: ref<typeof coachingContract.coachingApi.families>('GET', '/api/v1/coach_booking/families'),
  brief: ref<typeof coachingContract.coachingApi.brief>('GET', '/api/v1/coach_booking/brief/:id'),
  caseload: ref<typeof coachingContract.coachingApi.caseload>('GET', '/api/v1/coach_booking/caseload'),
  caseloadCsv: ref<typeof coachingContract.coachingApi.caseloadCsv>('GET', '/api/v1/coach_booking/caseload/export.csv'),
  workingHours: ref<typeof coachingContract.coachingApi.workingHours>('GET', '/api/v1/coach_booking/working_hours'),
  setWorkingHours: ref<typeof coachingContract.coachingApi.setWorkingHours>(
    'PUT',
    '/api/v1/coach_booking/working_hours',
  ),
  timeOff: ref<typeof coachingContract.coachingApi.timeOff>('GET', '/api/v1/coach_booking/time_off'),
  addTimeOff: ref<typeof coachingContract.coachingApi.addTimeOff>('POST', '/api/v1/coach_booking/time_off'),
  deleteTimeOff: ref<typeof coachingContract.coachingApi.deleteTimeOff>('DELETE', '/api/v1/coach_booking/time_off/:id'),
};

export const communicationsApi = {
  sendSms: ref<typeof communicationsContract.communicationsApi.sendSms>('POST', '/api/v1/sms/message'),
  list: ref<typeof communicationsContract.communicationsApi.list>('GET', '/api/v1/communications'),
  outbox: ref<typeof communicationsContract.communicationsApi.outbox>('GET', '/api/v2/admin/email_outbox'),
};

export const dataRightsApi = {
  overview: ref<typeof dataRightsContract.dataRightsApi.overview>('GET', '/api/v2/user/accounts/:id/data-rights'),
  requestExport: ref<typeof dataRightsContract.dataRightsApi.requestExport>(
    'POST',
    '/api/v2/user/accounts/:id/exports',
  ),
  download: ref<typeof dataRightsContract.dataRightsApi.download>(
    'GET',
    '/api/v2/user/accounts/:id/exports/:exportId/download',
  ),
  requestDeletion: ref<typeof dataRightsContract.dataRightsApi.requestDeletion>(
    'POST',
    '/api/v2/user/accounts/:id/deletions',
  ),
  undoDeletion: ref<typeof dataRightsContract.dataRightsApi.undoDeletion>(
    'POST',
    '/api/v2/user/accounts/:id/deletions/:deletionId/undo',
  ),
  deleteNow: ref<typeof dataRightsContract.dataRightsApi.deleteNow>(
    'POST',
    '/api/v2/user/accounts/:id/deletions/:deletionId/now',
  ),
  pending: ref<typeof dataRightsContract.dataRightsApi.pending>('GET', '/api/v2/admin/deletions'),
};

export const experimentsApi = {
  variant: ref<typeof experimentsContract.experimentsApi.variant>('GET', '/api/v2/player/experiment_variant'),
  experimentalData: ref<typeof experimentsContract.experimentsApi.experimentalData>(
    'GET',
    '/api/v2/accounts/:id/experimental_data',
  ),
  remoteConfigs: ref<typeof experimentsContract.experimentsApi.remoteConfigs>(
    'GET',
    '/api/v2/accounts/:id/remote_configs/list',
  ),
  replaceMetagame: ref<typeof experimentsContract.experimentsApi.replaceMetagame>(
    'PUT',
    '/api/v2/accounts/:id/remote_configs/metagame',
  ),
};

export const gameApi = {
  upload: ref<typeof gameContract.gameApi.upload>('POST', '/api/v1/game/sessions'),
  settings: ref<typeof gameContract.gameApi.settings>('GET', '/api/v1/game/device/settings'),
  players: ref<typeof gameContract.gameApi.players>('GET', '/api/v1/game/players'),
  createProfile: ref<typeof gameContract.gameApi.createProfile>('POST', '/api/v1/game/players'),
  deviceToken: ref<typeof gameContract.gameApi.deviceToken>(
    'POST',
    '/api/v2/user/accounts/:id/devices/:deviceId/token',
  ),
};

export const healthApi = {
  check: ref<typeof healthContract.healthApi.check>('GET', '/api/health'),
};

export const pairingApi = {
  deviceCode: ref<typeof pairingContract.pairingApi.deviceCode>('POST', '/api/v2/auth/device/code'),
  deviceToken: ref<typeof pairingContract.pairingApi.deviceToken>('POST', '/api/v2/auth/device/token'),
  check: ref<typeof pairingContract.pairingApi.check>('POST', '/api/v2/user/accounts/:id/devices/pair/check'),
  approve: ref<typeof pairingContract.pairingApi.approve>('POST', '/api/v2/user/accounts/:id/devices/pair'),
  deny: ref<typeof pairingContract.pairingApi.deny>('POST', '/api/v2/user/accounts/:id/devices/pair/deny'),
};

export const playApi = {
  activity: ref<typeof playContract.playApi.activity>('GET', '/api/v2/player/:id/activity'),
  weekly: ref<typeof playContract.playApi.weekly>('GET', '/api/v2/player/:id/activity/weekly'),
  hrRises: ref<typeof playContract.playApi.hrRises>('GET', '/api/v2/player/:id/hr_rises'),
  coolDowns: ref<typeof playContract.playApi.coolDowns>('GET', '/api/v2/player/:id/cool_downs'),
  cooldownEvents: ref<typeof playContract.playApi.cooldownEvents>('GET', '/api/v2/player/:id/cooldown_events'),
  overview: ref<typeof playContract.playApi.overview>('GET', '/api/v1/dashboard/player/:id/overview'),
  statistics: ref<typeof playContract.playApi.statistics>('GET', '/api/v2/accounts/:id/statistics'),
  sessionsCsv: ref<typeof playContract.playApi.sessionsCsv>('GET', '/api/v2/player/:id/sessions.csv'),
};

export const playersApi = {
  list: ref<typeof playersContract.playersApi.list>('GET', '/api/v2/player/accounts/:id'),
  get: ref<typeof playersContract.playersApi.get>('GET', '/api/v2/player/:id'),
  create: ref<typeof playersContract.playersApi.create>('POST', '/api/v2/player'),
  patch: ref<typeof playersContract.playersApi.patch>('PATCH', '/api/v2/player/:id'),
  put: ref<typeof playersContract.playersApi.put>('PUT', '/api/v2/player/:id'),
  incompleteProfiles: ref<typeof playersContract.playersApi.incompleteProfiles>(
    'GET',
    '/api/v2/accounts/:id/incomplete_profiles',
  ),
  hrGauge: {
    get: ref<typeof playersContract.playersApi.hrGauge.get>('GET', '/api/v1/accounts/players/:id/hr_gauge'),
    set: ref<typeof playersContract.playersApi.hrGauge.set>('POST', '/api/v1/accounts/players/:id/hr_gauge'),
  },
  chaseSpeed: {
    get: ref<typeof playersContract.playersApi.chaseSpeed.get>('GET', '/api/v1/accounts/players/:id/chase_speed'),
    set: ref<typeof playersContract.playersApi.chaseSpeed.set>('POST', '/api/v1/accounts/players/:id/chase_speed'),
  },
  acorns: {
    get: ref<typeof playersContract.playersApi.acorns.get>('GET', '/api/v1/accounts/players/:id/acorns'),
    add: ref<typeof playersContract.playersApi.acorns.add>('POST', '/api/v1/accounts/players/:id/acorns'),
  },
};

export const privacyApi = {
  status: ref<typeof privacyContract.privacyApi.status>('GET', '/api/v2/user/privacy'),
  agree: ref<typeof privacyContract.privacyApi.agree>('POST', '/api/v2/user/privacy/consent'),
  analytics: ref<typeof privacyContract.privacyApi.analytics>('PUT', '/api/v2/user/privacy/analytics'),
  paymentTexts: ref<typeof privacyContract.privacyApi.paymentTexts>('PUT', '/api/v2/user/privacy/payment_texts'),
  accountConsents: ref<typeof privacyContract.privacyApi.accountConsents>('GET', '/api/v2/accounts/:id/consents'),
};

export const sharingApi = {
  list: ref<typeof sharingContract.sharingApi.list>('GET', '/api/v2/user/accounts/:id/shares'),
  create: ref<typeof sharingContract.sharingApi.create>('POST', '/api/v2/user/accounts/:id/shares'),
  revoke: ref<typeof sharingContract.sharingApi.revoke>('POST', '/api/v2/user/accounts/:id/shares/:shareId/revoke'),
  summary: ref<typeof sharingContract.sharingApi.summary>('GET', '/api/v1/shared/:token'),
};

export const supportApi = {
  userTickets: ref<typeof supportContract.supportApi.userTickets>('GET', '/api/v2/admin/users/:id/zendesk_tickets'),
  create: ref<typeof supportContract.supportApi.create>('POST', '/api/v2/support/tickets'),
};

export const surveysApi = {
  list: ref<typeof surveysContract.surveysApi.list>('GET', '/api/v2/player/surveys'),
  userResponses: ref<typeof surveysContract.surveysApi.userResponses>('GET', '/api/v2/player/surveys/responses'),
  playerResponses: ref<typeof surveysContract.surveysApi.playerResponses>('GET', '/api/v2/admin/players/:id/responses'),
  linkProfile: ref<typeof surveysContract.surveysApi.linkProfile>('POST', '/api/v2/player/:id/link-profile'),
  delinkProfile: ref<typeof surveysContract.surveysApi.delinkProfile>('POST', '/api/v2/player/:id/delink-profile'),
  submit: ref<typeof surveysContract.surveysApi.submit>('POST', '/api/v2/player/:id/surveys/:surveyId/responses'),
};

export const userApi = {
  info: ref<typeof userContract.userApi.info>('GET', '/api/v2/user/info/'),
  patch: ref<typeof userContract.userApi.patch>('PATCH', '/api/v2/user/'),
  confirmEmail: ref<typeof userContract.userApi.confirmEmail>('POST', '/api/v2/user/email/confirm'),
  cancelEmailChange: ref<typeof userContract.userApi.cancelEmailChange>('DELETE', '/api/v2/user/email/pending'),
  changePassword: ref<typeof userContract.userApi.changePassword>('POST', '/api/v2/user/password'),
  shipping: ref<typeof userContract.userApi.shipping>('GET', '/api/v2/user/shipping'),
  patchShipping: ref<typeof userContract.userApi.patchShipping>('PATCH', '/api/v2/user/shipping'),
  actions: ref<typeof userContract.userApi.actions>('GET', '/api/v2/user/user_actions'),
  recordAction: ref<typeof userContract.userApi.recordAction>('POST', '/api/v2/user/user_actions'),
  hasDone: ref<typeof userContract.userApi.hasDone>('GET', '/api/v1/actions/has_done'),
  setSocialAccount: ref<typeof userContract.userApi.setSocialAccount>('POST', '/api/v1/social-acc/set'),
  notifications: ref<typeof userContract.userApi.notifications>('GET', '/api/v2/user/notifications'),
  patchNotifications: ref<typeof userContract.userApi.patchNotifications>('PATCH', '/api/v2/user/notifications'),
  unsubscribe: ref<typeof userContract.userApi.unsubscribe>('POST', '/api/v2/user/notifications/unsubscribe'),
};

export const webinarsApi = {
  list: ref<typeof webinarsContract.webinarsApi.list>('GET', '/api/v2/webinars/list'),
  registrations: ref<typeof webinarsContract.webinarsApi.registrations>(
    'GET',
    '/api/v2/webinars/webinar_registrant/list',
  ),
  register: ref<typeof webinarsContract.webinarsApi.register>('POST', '/api/v1/webinars/register'),
  unregister: ref<typeof webinarsContract.webinarsApi.unregister>('POST', '/api/v1/webinars/delete'),
  create: ref<typeof webinarsContract.webinarsApi.create>('POST', '/api/v2/webinars'),
  update: ref<typeof webinarsContract.webinarsApi.update>('PATCH', '/api/v2/webinars/:id'),
  onboarding: ref<typeof webinarsContract.webinarsApi.onboarding>('GET', '/api/v2/onboarding'),
  finishStep: ref<typeof webinarsContract.webinarsApi.finishStep>('POST', '/api/v2/onboarding/:step/finish'),
};
