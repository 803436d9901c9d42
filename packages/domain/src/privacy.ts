/**
 * Families' data rights (issue 17; docs/privacy.md): the privacy policy's version and its summary
 * in plain words, the third parties that receive data, the kinds of consent Grove records and the
 * retention periods the policy promises. Consent records are append-only: a withdrawal (analytics
 * off) is a new record, and the latest record of a kind is the choice in force.
 */
import { messages } from './translation.ts';

/**
 * The version of the privacy policy in force (docs/privacy.md carries the same). A new version
 * asks every household again at the next sign-in: change it together with the policy.
 */
export const PRIVACY_POLICY_VERSION = '2026-11-25';

/** What a consent record says was agreed. */
export const CONSENT_KINDS = ['program_terms', 'player_added', 'analytics', 'payment_texts'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** How each kind reads in a consent history. */
export const CONSENT_KIND_LABELS: Readonly<Record<ConsentKind, string>> = {
  program_terms: 'Privacy policy and parental consent',
  player_added: 'Parental consent for a new player',
  analytics: 'Analytics',
  payment_texts: 'Text messages about payments',
};

/** The sentences a parent agrees to, shown beside each checkbox. */
export const CONSENT_STATEMENTS = messages({
  program_terms:
    'I am the parent or legal guardian of the children who will play, I agree to Grove’s privacy policy, and I consent to Grove collecting my children’s play and heart-rate data as the policy describes.',
  player_added:
    'I am this player’s parent or legal guardian and I consent to Grove collecting their play and heart-rate data as the privacy policy describes.',
  analytics:
    'Share anonymous usage statistics (the pages you open in the portal) with our analytics tag manager to help us improve Grove.',
  payment_texts:
    'Text me when a payment fails, with a link to update the card (to the phone number of my profile; standard message rates apply).',
});

export const CONSENT_MESSAGES = messages({
  /** Checkout without the consent box ticked. */
  checkoutRequired:
    'Please confirm that you agree to the privacy policy and consent to your children’s data being collected.',
  /** A parent adds a player without the consent box ticked. */
  playerRequired:
    'Please confirm that you are this player’s parent or guardian and consent to their data being collected.',
  /** The re-consent dialog's agreement sent without agreeing. */
  agreeRequired: 'Please tick the box to agree to the privacy policy.',
  /** Consent and privacy choices from someone who is not a parent of a family account. */
  parentsOnly: 'Only parents of a family account give or change consent.',
});

/**
 * How long Grove keeps each kind of data (the retention job enforces these; docs/privacy.md).
 * Play data of a cancelled account goes this many months after the cancellation, unless the
 * family renews, after a reminder e-mail offering an export.
 */
export const RETENTION = {
  playDataMonthsAfterCancellation: 12,
  reminderDaysBeforeRemoval: 30,
  billingRecordYears: 7,
  securityRecordMonths: 12,
} as const;

export interface ThirdParty {
  id: 'payments' | 'email' | 'sms' | 'support' | 'analytics';
  /** What it does for Grove. */
  purpose: string;
  /** Who it is. */
  provider: string;
  /** What it receives. */
  receives: string;
  /** When data goes to it. */
  when: string;
}

/** The services outside Grove that receive a family's data (the ports of ARCHITECTURE §4). */
export const THIRD_PARTIES: readonly ThirdParty[] = [
  {
    id: 'payments',
    purpose: 'Payments',
    provider: 'Stripe (or Grove’s own test payments when no provider is set up)',
    receives:
      'The paying parent’s name, e-mail address and phone number, the card entered in the payment form, and the amounts charged. Grove itself never stores the full card number.',
    when: 'At checkout, at each renewal and when the card is changed.',
  },
  {
    id: 'email',
    purpose: 'E-mail',
    provider: 'Our e-mail delivery provider (SMTP)',
    receives:
      'Your e-mail address and the message: order and billing notices, sign-in links, coaching reminders and, unless you turn it off, the weekly summary with each player’s first name and minutes played.',
    when: 'Each time Grove sends you an e-mail.',
  },
  {
    id: 'sms',
    purpose: 'Text messages',
    provider: 'Twilio',
    receives: 'The phone number and the text: the game download link and coaching reminders.',
    when: 'Only when you or your coach ask Grove to send a text.',
  },
  {
    id: 'support',
    purpose: 'Support tickets',
    provider: 'Zendesk (or Grove’s own ticket list)',
    receives: 'Your name, e-mail address and what you write to support.',
    when: 'When you contact support.',
  },
  {
    id: 'analytics',
    purpose: 'Analytics',
    provider: 'Google Tag Manager',
    receives: 'The portal pages you open and your browser’s technical details — never names, health or play data.',
    when: 'Only if you turn analytics on (it is off unless you do).',
  },
];

/** The policy in plain words: what Grove keeps, why, for how long, and what parents can do. */
export const PRIVACY_SUMMARY: readonly { title: string; text: string }[] = [
  {
    title: 'What we keep',
    text: 'Your family’s contact details and shipping address; each player’s first name, play sessions, heart-rate rises, cooldowns, game settings and survey answers; your orders, invoices and messages with your coach and support.',
  },
  {
    title: 'Why',
    text: 'To run the program: the games need each player’s settings, the charts and your coach need the play and heart-rate data, and billing needs your orders. We never sell data and never use children’s data for advertising.',
  },
  {
    title: 'Your consent',
    text: 'We collect a child’s play and heart-rate data only with a parent’s consent, given at checkout and when a player is added. Each consent is recorded with the date and the policy version; a new version of this policy asks you again.',
  },
  {
    title: 'How long',
    text: `Play data stays while your subscription runs. After a cancellation it is removed ${RETENTION.playDataMonthsAfterCancellation} months later unless you renew; we e-mail you ${RETENTION.reminderDaysBeforeRemoval} days before. Billing records are kept ${RETENTION.billingRecordYears} years, as tax law requires. Sign-in security records are kept ${RETENTION.securityRecordMonths} months.`,
  },
  {
    title: 'Your rights',
    text: 'You can review what we hold about your family on this page and in your account, change your analytics choice at any time, download a copy of your data, and have a player’s data or your whole account deleted, after a grace period in which you can still undo it.',
  },
];

/**
 * Whether a household must agree to the policy again: its latest granted program consent
 * (`consentedVersion`, null when there is none) is not for the version in force.
 */
export function needsConsent(
  consentedVersion: string | null,
  currentVersion: string = PRIVACY_POLICY_VERSION,
): boolean {
  return consentedVersion !== currentVersion;
}

/** The words of the policy's summary and of the third parties people read (translated where shown). */
export const POLICY_TEXTS = messages(
  Object.fromEntries(
    [
      ...PRIVACY_SUMMARY.flatMap((part) => [part.title, part.text]),
      // The providers' own names (Twilio, Google Tag Manager) read the same in every language.
      ...THIRD_PARTIES.flatMap((party) => [party.purpose, party.receives, party.when]),
      ...THIRD_PARTIES.map((party) => party.provider).filter((provider) => /\s\(|^Our /.test(provider)),
    ].map((text) => [text, text]),
  ),
);
