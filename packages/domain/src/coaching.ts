/**
 * Coaching, webinars (called tutorials in the interface) and onboarding: the rules and the words.
 * The API contract is in api/coaching.ts; times are stored in UTC and shown in the family's time
 * zone, coaches' working hours are kept in the coach's own time zone.
 */
import { messages } from './translation.ts';

/** Booking rules (issue 13): per-coach data may come later; these are the defaults. */
export const BOOKING_RULES = {
  /** Every call lasts this long; slots start on this grid in the coach's time zone. */
  slotMinutes: 30,
  /** A slot can be booked at least this long before it starts. */
  minLeadHours: 12,
  /** How far ahead a family can book. */
  horizonDays: 28,
  /** Cancelling or rescheduling closes this long before the start. */
  changeCutoffHours: 24,
  /** How many times one call may be moved. */
  maxReschedules: 2,
  /** A family has at most this many upcoming calls at once. */
  maxUpcomingPerAccount: 2,
} as const;

export const CALL_STATUSES = ['scheduled', 'completed', 'no_show', 'cancelled'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** Days of the week as ISO numbers: 1 = Monday … 7 = Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const COACHING_LIMITS = {
  noteMax: 5000,
  summaryMax: 2000,
  bioMax: 1000,
  timeOffReasonMax: 200,
  webinarTitleMax: 120,
  webinarDescriptionMax: 2000,
  webinarCapacityMax: 1000,
  webinarDurationMax: 240,
  /** Working-hours ranges per coach. */
  workingHoursMax: 21,
} as const;

/** What a parent or coach reads when a coaching or webinar action is refused. */
export const COACHING_MESSAGES = messages({
  slotTaken: 'This time was just booked by another family. Please choose another time.',
  slotUnavailable: 'This time is not available. Please choose one of the times shown.',
  tooSoon: `Calls can be booked at least ${BOOKING_RULES.minLeadHours} hours ahead.`,
  tooFar: `Calls can be booked up to ${BOOKING_RULES.horizonDays} days ahead.`,
  tooManyUpcoming: `You already have ${BOOKING_RULES.maxUpcomingPerAccount} upcoming calls. Cancel or finish one first.`,
  cutoffPassed: `Calls can be changed or cancelled until ${BOOKING_RULES.changeCutoffHours} hours before they start. Please contact your coach.`,
  rescheduleLimit: `A call can be moved at most ${BOOKING_RULES.maxReschedules} times. Please cancel it and book a new one.`,
  notScheduled: 'This call is no longer scheduled.',
  noCoach: 'Your family does not have a coach yet. We will assign one shortly.',
  webinarFull: 'This tutorial is full. Please choose another date.',
  webinarPast: 'This tutorial has already taken place.',
  webinarCancelled: 'This tutorial was cancelled.',
  hoursOverlap: 'Working hours on the same day may not overlap.',
  endBeforeStart: 'The end must be after the start.',
});

/** Who may book, change and record coaching calls, notes and working hours: the API's refusals. */
export const COACHING_REFUSALS = messages({
  programEnded:
    'Coaching calls are part of an active Grove program. Your program has ended, so new calls cannot be booked.',
  notAFamily: 'Coaches and staff do not book coaching calls; families book them from their coaching page.',
  noFamily: 'Only a family’s parents can book its coaching calls.',
  ownCoachOnly: 'Your family books its calls with its own coach. Please choose a time in their calendar.',
  outcomeByCoach: 'Only the coach records a call’s outcome and summary.',
  moveByFamily: 'Only the family can move a call. You can cancel it and ask them to book another time.',
  cancelOrMove: 'Either cancel the call or move it, not both at once.',
  sameTime: 'Choose a different time to move the call to.',
  notStarted: 'A call can be marked completed or no-show once it has started.',
  noteAuthorOnly: 'Only the coach who wrote a note, or staff, can change it.',
  coachesOnly: 'Only coaches have working hours and time off.',
  notACoach: 'Choose an active coach.',
  unknownTimeZone: 'Choose a time zone such as America/New_York.',
  timeOffPast: 'Time off must end in the future.',
  noCalendar: 'There is no coach calendar with this widget_id.',
  notOfFamily: 'This belongs to another family.',
  /** A working-hours time that is not HH:MM. */
  clock: 'Use HH:MM, e.g. 09:30.',
});

/** The tutorials' (webinars') refusals. */
export const WEBINAR_MESSAGES = messages({
  noFamily: 'Tutorials are for families: sign in with a family’s account to register.',
  notRegistered: 'You are not registered for this tutorial.',
  startsInPast: 'Choose a start in the future.',
  joinUrl: 'Must be an http(s) link.',
});

/** The onboarding checklist's refusal of a person without a family. */
export const ONBOARDING_MESSAGES = messages({
  noFamily: 'Onboarding is for families: this person has no family account.',
});

/**
 * The onboarding checklist (SPEC §3 Onboarding: passed steps and steps still to pass). `auto` steps
 * are passed by what Grove knows the family did; the others when the parent finishes them.
 */
export const ONBOARDING_STEPS = [
  {
    id: 'add_players',
    title: 'Add your players',
    text: 'Each child gets a player profile, so their games and progress stay their own.',
    auto: 'players',
  },
  {
    id: 'kit_delivered',
    title: 'Receive your kit',
    text: 'Your tablet and heart-rate band are on their way; this step ticks itself when the kit is delivered.',
    auto: 'kit',
  },
  {
    id: 'pair_band',
    title: 'Connect the tablet',
    text: 'Open the game on the tablet and type the code it shows into Grove, then pair the heart-rate band from the game’s settings. It takes two minutes.',
    auto: 'device',
  },
  {
    id: 'first_game',
    title: 'Play the first game',
    text: 'A short first session shows your child how raising and calming their heart rate works.',
    auto: 'play',
  },
  {
    id: 'join_tutorial',
    title: 'Join a live tutorial',
    text: 'A 30-minute online session where a coach shows the games and answers your questions.',
    auto: 'webinar',
  },
  {
    id: 'book_coaching',
    title: 'Book your first coaching call',
    text: 'Meet your coach, talk about your goals, and plan the first weeks.',
    auto: 'coaching',
  },
] as const;
export type OnboardingStepId = (typeof ONBOARDING_STEPS)[number]['id'];

/** The steps' words, as people read them (translated where shown: translation.ts). */
export const ONBOARDING_TEXTS = messages(
  Object.fromEntries(ONBOARDING_STEPS.flatMap((step) => [step.title, step.text]).map((text) => [text, text])),
);
export const ONBOARDING_STEP_IDS = ONBOARDING_STEPS.map((step) => step.id) as unknown as readonly [
  OnboardingStepId,
  ...OnboardingStepId[],
];

/** Whether a call may still be changed (cancelled or moved) by the family at `now`. */
export function canChangeCall(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() - now.getTime() >= BOOKING_RULES.changeCutoffHours * 3_600_000;
}
