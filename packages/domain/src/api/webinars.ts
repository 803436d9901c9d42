/**
 * Webinars — "tutorials" in the interface (SPEC §3 Webinars, §7) — and onboarding (SPEC §3, §4).
 * Rules and words are in ../coaching.ts.
 */
import * as z from 'zod';

import { COACHING_LIMITS, ONBOARDING_STEP_IDS, WEBINAR_MESSAGES } from '../coaching.ts';
import {
  API_MESSAGES,
  boolean,
  count,
  endpoint,
  id,
  idParams,
  int,
  page,
  pageQuery,
  choice,
  text,
  timestamp,
  type Reply,
  type RequestBody,
} from './common.ts';

const instant = z.iso.datetime({ offset: true, error: API_MESSAGES.dateTime });

export const webinar = z.object({
  id: count,
  title: z.string(),
  description: z.string(),
  host_name: z.string(),
  starts_at: timestamp,
  ends_at: timestamp,
  duration_minutes: count,
  capacity: count,
  seats_left: count,
  is_registered: z.boolean(),
  join_url: z.string().nullable().describe('Shown to registrants (and staff) only.'),
  cancelled: z.boolean(),
});

export const registration = z.object({ id: count, webinar_id: count, created_at: timestamp });

export const onboardingStep = z.object({
  id: z.enum(ONBOARDING_STEP_IDS),
  title: z.string(),
  text: z.string(),
  passed_at: timestamp.nullable(),
  automatic: z.boolean().describe('Passed by what the family does (kit delivered, first game…), not by a click.'),
});

export const onboarding = z.object({
  passed: z.array(onboardingStep),
  to_pass: z.array(onboardingStep),
});

const webinarBody = z.object({
  title: text({ max: COACHING_LIMITS.webinarTitleMax }),
  description: text({ max: COACHING_LIMITS.webinarDescriptionMax, multiline: true, allowBlank: true }).default(''),
  host_name: text({ max: 120, allowBlank: true }).default(''),
  starts_at: instant,
  duration_minutes: int(15, COACHING_LIMITS.webinarDurationMax, 'minutes').default(30),
  capacity: int(1, COACHING_LIMITS.webinarCapacityMax),
  join_url: z.url({ protocol: /^https?$/, error: WEBINAR_MESSAGES.joinUrl }).max(500),
});

export const webinarsApi = {
  list: endpoint('GET', '/api/v2/webinars/list', {
    tags: ['webinars'],
    summary: 'Tutorials (webinars): upcoming soonest first, or past newest first',
    querystring: pageQuery().extend({ when: choice(['upcoming', 'past']).default('upcoming') }),
    response: { 200: page(webinar) },
  }),
  registrations: endpoint('GET', '/api/v2/webinars/webinar_registrant/list', {
    tags: ['webinars'],
    summary: 'Your registrations (the registered webinar ids come from them)',
    querystring: pageQuery(),
    response: { 200: page(registration) },
  }),
  register: endpoint('POST', '/api/v1/webinars/register', {
    tags: ['webinars'],
    summary: 'Register for a tutorial (within its capacity; registering twice keeps one registration)',
    body: z.object({ webinar_id: id }),
    response: { 201: webinar },
  }),
  unregister: endpoint('POST', '/api/v1/webinars/delete', {
    tags: ['webinars'],
    summary: 'Cancel your registration',
    body: z.object({ webinar_id: id }),
    response: { 200: webinar },
  }),
  create: endpoint('POST', '/api/v2/webinars', {
    tags: ['webinars'],
    summary: 'Create a tutorial (staff)',
    body: webinarBody,
    response: { 201: webinar },
  }),
  update: endpoint('PATCH', '/api/v2/webinars/:id', {
    tags: ['webinars'],
    summary: 'Edit or cancel a tutorial (staff); registrants are told of a new time or a cancellation',
    params: idParams,
    body: webinarBody.partial().extend({ cancelled: boolean.optional() }),
    response: { 200: webinar },
  }),
  onboarding: endpoint('GET', '/api/v2/onboarding', {
    tags: ['onboarding'],
    summary: 'Your family’s onboarding: steps passed and steps still to pass',
    response: { 200: onboarding },
  }),
  finishStep: endpoint('POST', '/api/v2/onboarding/:step/finish', {
    tags: ['onboarding'],
    summary: 'Mark a step as done (it leaves the steps to pass)',
    params: z.object({ step: choice(ONBOARDING_STEP_IDS) }),
    response: { 200: onboarding },
  }),
};

export type Webinar = z.input<typeof webinar>;
export type WebinarPage = Reply<typeof webinarsApi.list>;
export type RegistrationPage = Reply<typeof webinarsApi.registrations>;
export type Onboarding = Reply<typeof webinarsApi.onboarding>;
export type OnboardingStep = z.input<typeof onboardingStep>;
export type WebinarBody = RequestBody<typeof webinarsApi.create>;
