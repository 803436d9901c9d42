/**
 * The household: caregivers on an account, devices and kiosk mode, the family's note to its coach,
 * customer interactions, the things a person has done (user actions), their community handle and
 * the messages they receive. Rules and limits only; the API contract is in api/account.ts.
 */
import { messages, template } from './translation.ts';

/** How many people may sign in to one account (the account holder and caregivers). */
export const MAX_ACCOUNT_USERS = 6;

export const DEVICE_NAME_MAX = 60;
export const CUSTOM_NOTE_MAX = 2000;
export const INTERACTION_SUMMARY_MAX = 2000;
export const SOCIAL_HANDLE_MAX = 100;
export const SMS_MESSAGE_MAX = 480;

/** What a staff member or coach records about a conversation with a family. */
export const INTERACTION_KINDS = ['call', 'email', 'sms', 'chat', 'video', 'other'] as const;
export type InteractionKind = (typeof INTERACTION_KINDS)[number];
export const INTERACTION_DIRECTIONS = ['inbound', 'outbound'] as const;
/** What a conversation was about (its type; `kind` above is its channel). */
export const INTERACTION_TOPICS = ['check_in', 'onboarding', 'billing', 'technical', 'feedback', 'other'] as const;
export type InteractionTopic = (typeof INTERACTION_TOPICS)[number];
/** How a conversation ended. */
export const INTERACTION_OUTCOMES = ['resolved', 'follow_up', 'left_message', 'no_answer', 'escalated'] as const;
export type InteractionOutcome = (typeof INTERACTION_OUTCOMES)[number];
export type InteractionDirection = (typeof INTERACTION_DIRECTIONS)[number];

/** How each choice reads on the screens and in the staff history. */
export const INTERACTION_LABELS = {
  kind: {
    call: 'Phone call',
    email: 'E-mail',
    sms: 'Text message',
    chat: 'Chat',
    video: 'Video call',
    other: 'Other',
  } satisfies Record<InteractionKind, string>,
  topic: {
    check_in: 'Check-in',
    onboarding: 'Getting started',
    billing: 'Billing',
    technical: 'Technical help',
    feedback: 'Feedback',
    other: 'Other',
  } satisfies Record<InteractionTopic, string>,
  outcome: {
    resolved: 'Resolved',
    follow_up: 'Follow-up needed',
    left_message: 'Left a message',
    no_answer: 'No answer',
    escalated: 'Passed on',
  } satisfies Record<InteractionOutcome, string>,
  direction: {
    outbound: 'We reached out',
    inbound: 'The family reached out',
  } satisfies Record<InteractionDirection, string>,
} as const;

/** A choice's label; a value logged before its label existed reads as its words. */
export function interactionLabel(field: keyof typeof INTERACTION_LABELS, value: string): string {
  const labels: Readonly<Record<string, string>> = INTERACTION_LABELS[field];
  return labels[value] ?? value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ');
}

/**
 * Things a person has done that the portal remembers (SPEC §7 user_actions, has_done), so a hint or
 * a step is not offered twice.
 */
export const USER_ACTIONS = [
  'opened_game_directions',
  'opened_support',
  'opened_community',
  'connected_social',
  'read_resource',
  'invited_caregiver',
  'changed_password',
  'confirmed_email',
] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

/** The social networks the parents' community group lives on (SPEC §2 Community, §7 social-acc/set). */
export const SOCIAL_PROVIDERS = ['facebook', 'instagram', 'whatsapp'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** SMS: what may be sent, and how often. */
export const SMS_KINDS = ['app_link', 'custom'] as const;
export type SmsKind = (typeof SMS_KINDS)[number];
export const SMS_LIMITS = {
  /** Texts one person may send per hour (parents: the app link to a phone). */
  perHour: 5,
  /** Staff and coaches write to families more often. */
  perHourStaff: 60,
} as const;

export const COMMUNICATION_TYPES = ['email', 'sms'] as const;
export type CommunicationType = (typeof COMMUNICATION_TYPES)[number];

const EMAIL_TAKEN = 'An account with this e-mail already exists.';

/** Answers a parent reads in the account screen. */
export const ACCOUNT_MESSAGES = messages({
  emailTaken: EMAIL_TAKEN,
  emailUnchanged: 'This is already your e-mail address.',
  currentPasswordWrong: 'Your current password is not correct.',
  samePassword: 'Choose a password different from your current one.',
  tooManyUsers: `An account may have at most ${MAX_ACCOUNT_USERS} people.`,
  cannotRemoveSelf: 'You cannot remove yourself from the account.',
  cannotRemoveBillingUser: 'The person who pays for the subscription cannot be removed.',
  emailChangeSent: template('We sent a link to {email}. Your e-mail changes once you open it.', (email: string) => ({
    email,
  })),
  emailConfirmed: template('Your e-mail address is now {email}.', (email: string) => ({ email })),
  emailLinkInvalid: 'This link is invalid or has expired. Please ask for a new one from your account page.',
  passwordChanged: 'Your password was changed. Other devices were signed out.',
  unsubscribed: 'You will no longer receive the weekly summary. You can turn it back on from your account page.',
  smsRateLimited: 'Too many text messages. Please try again later.',
  emailChangeThrottled: 'Too many e-mail change requests. Please try again later.',
  /** The address was taken by another login between the request and the link being opened. */
  emailTakenMeanwhile: `${EMAIL_TAKEN} Your e-mail address was not changed; please choose another one from your account page.`,
  passwordChangeThrottled: 'Too many password change attempts. Please try again later.',
  /** Resent invitations to one caregiver, past their limit. */
  inviteThrottled: 'Too many invitations sent to this person. Please try again later.',
  alreadyActive: 'This person has already set a password; there is no invitation to send.',
});

/** Refusals of a customer interaction's date (staff and coaches record them). */
export const INTERACTION_MESSAGES = messages({
  future: 'May not be in the future.',
  tooOld: 'May not be before 2000.',
});

/** The weekly family digest: the minutes goal it measures against and its encouraging lines. */
export const DIGEST = {
  /** Sent on Monday at this local hour (the family's time zone). */
  localHour: 8,
} as const;
