import { randomUUID } from 'node:crypto';
import { MAX_BODY_BYTES } from '@grove/domain/api/common';
import Fastify, { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import cookie from '@fastify/cookie';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createEmailSender } from './adapters/email/create-email-sender.ts';
import { createSmsSender } from './adapters/sms/create-sms-sender.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { answerFrameworkError, openApiTransform, serializerCompiler, validatorCompiler } from './lib/contract.ts';
import { registerErrorHandler } from './lib/error-handler.ts';
import { registerFormBody } from './lib/form-body.ts';
import { finishDocument, SECURITY_SCHEMES } from './lib/openapi.ts';
import { registerJsonBody } from './lib/json-body.ts';
import { serializeError } from './lib/log-redaction.ts';
import { redactUrl } from './lib/redact-url.ts';
import { computeSecurityHeaders, registerSecurityHeaders } from './lib/security-headers.ts';
import type { App } from './lib/types.ts';
import { registerWebApp, webConnectSources } from './lib/web-app.ts';
import { startJobQueue, type JobQueue } from './jobs/queue.ts';
import { registerAuth } from './modules/auth/auth.plugin.ts';
import { createSessionCache } from './modules/auth/session-cache.ts';
import { registerAudit } from './modules/audit/audit.recorder.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { backofficeRoutes } from './modules/backoffice/backoffice.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { sendLink } from './modules/auth/auth.service.ts';
import { registerBillingJobs } from './modules/billing/billing.jobs.ts';
import { registerCommunicationsJobs } from './modules/communications/communications.jobs.ts';
import { communicationsRoutes } from './modules/communications/communications.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { createPaymentProvider } from './adapters/payment/create-payment-provider.ts';
import { experimentRoutes } from './modules/experiments/experiments.routes.ts';
import { gameRoutes } from './modules/game/game.routes.ts';
import { pairingRoutes } from './modules/pairing/pairing.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { playExportRoutes } from './modules/play/play-export.routes.ts';
import { playRoutes } from './modules/play/play.routes.ts';
import { playerRoutes } from './modules/players/players.routes.ts';
import { surveyRoutes } from './modules/surveys/surveys.routes.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { registerCoachingJobs } from './modules/coaching/coaching.jobs.ts';
import { coachingRoutes } from './modules/coaching/coaching.routes.ts';
import { registerWebinarJobs } from './modules/webinars/webinars.jobs.ts';
import { webinarsRoutes } from './modules/webinars/webinars.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { sharingRoutes } from './modules/sharing/sharing.routes.ts';
import { exportRoutes, registerExportJobs } from './modules/exports/exports.routes.ts';
import { erasureRoutes, registerErasureJobs } from './modules/erasure/erasure.routes.ts';
import { createSupportTickets } from './modules/support/create-support-tickets.ts';
import { supportRoutes } from './modules/support/support.routes.ts';

export interface BuildOptions {
  /** Set false in tests to keep the output quiet. */
  logger?: boolean;
  /** Where the JSON log lines go instead of stdout (tests read what would be logged). */
  logStream?: DestinationStream;
  /** The running job queue (server.ts). Without one (tests), an enqueue-only queue, stopped with the app. */
  jobs?: JobQueue;
}

/** Content Security Policy: only our own scripts, styles, images and API. */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
};

/** Sent only on answers to requests that arrived over HTTPS (helmet's own HSTS is off): see onSend in buildApp. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Stripe Elements needs Stripe's script, frames and API: the policy is widened only when Stripe is configured. */
const STRIPE_CSP = {
  script: 'https://js.stripe.com',
  frames: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  api: 'https://api.stripe.com',
};

/** The tag manager (loaded only after a parent agrees to analytics): allowed only when ANALYTICS_ID is set. */
const TAG_MANAGER = 'https://www.googletagmanager.com';

function cspDirectives(config: Config) {
  const stripe = Boolean(config.STRIPE_PUBLISHABLE_KEY);
  const analytics = config.ANALYTICS_ID ? [TAG_MANAGER] : [];
  return {
    ...CSP_DIRECTIVES,
    scriptSrc: [...CSP_DIRECTIVES.scriptSrc, ...(stripe ? [STRIPE_CSP.script] : []), ...analytics],
    frameSrc: stripe ? STRIPE_CSP.frames : ["'none'"],
    connectSrc: [
      ...CSP_DIRECTIVES.connectSrc,
      ...webConnectSources(config),
      ...(stripe ? [STRIPE_CSP.api] : []),
      ...analytics,
    ],
  };
}

/** What @fastify/helmet is given (lib/security-headers.ts computes its headers once). */
export function helmetOptions(config: Config): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives(config),
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  };
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes proxy-addr's "the first n hops" function
 * (Fastify reads a bare number as "trust nothing"); request.ip is then the right-most address
 * that is not a trusted hop. Addresses and ranges go as they are.
 */
export function fastifyTrustProxy(
  trust: Config['TRUST_PROXY'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return trust > 0 ? (_address: string, hop: number) => hop < trust : false;
  return trust;
}

/**
 * One log line per request, written when the answer is sent, instead of Fastify's two. In a
 * terminal (pretty logs) a completed request is a debug line, so that browsing the portal does not
 * bury the start-up banner (LOG_LEVEL=debug shows them); JSON logs keep them at info (decision 0047).
 */
class OneLinePerRequest extends LogController {
  constructor(private readonly completedLevel: 'info' | 'debug') {
    super();
  }
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error)
      request.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else
      request.log[this.completedLevel](
        { req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
  }
}

/** Lines wait at most this long for the next write. */
const LOG_FLUSH_MS = 500;

/**
 * The JSON log on stdout, written 4 KiB at a time (about 13 request lines) instead of one blocking
 * write per line: those writes took about 10 % of the main thread under a health-check load, 2.6 %
 * once buffered (decision 0055). A quiet server's lines wait at most LOG_FLUSH_MS. What is still buffered is
 * written when the app closes and, by pino itself, when the process exits (process.exit() and a
 * crash logged by server.ts included); only a SIGKILL can lose the last half second of lines.
 */
function stdoutLog() {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const timer = setInterval(() => stream.flush(), LOG_FLUSH_MS);
  timer.unref();
  return {
    stream,
    stop: () => {
      clearInterval(timer);
      try {
        stream.flushSync();
      } catch {
        // Not writable now: pino tries again when the process exits.
      }
    },
  };
}

export async function buildApp(config: Config, database: Database, options: BuildOptions = {}): Promise<App> {
  let stdout: ReturnType<typeof stdoutLog> | undefined;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            // In a terminal, one readable line per entry (pino-pretty, in a worker thread); else
            // JSON lines on stdout, written a few kilobytes at a time (stdoutLog).
            ...(options.logStream
              ? { stream: options.logStream }
              : config.prettyLogs
                ? {
                    transport: {
                      target: 'pino-pretty',
                      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
                    },
                  }
                : { stream: (stdout = stdoutLog()).stream }),
            // What a request line holds is chosen field by field (an allow-list: no headers, no
            // body), so cookies, tokens and passwords have no way into the logs; path-based
            // redaction on top cost 15 % of a signed-in read (docs/decisions/0028).
            serializers: {
              // Errors keep their type, message (without a statement's parameters), code and stack
              // frames, and lose hashes, tokens, passwords and values (lib/log-redaction.ts).
              err: serializeError,
              // One-time link tokens travel in the query string (?o=…): keep them out of the logs.
              req: (request) => ({
                method: request.method,
                url: redactUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
            },
          },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    logController: new OneLinePerRequest(config.prettyLogs && !options.logStream ? 'debug' : 'info'),
    routerOptions: { ignoreTrailingSlash: true },
    // A path that is not valid UTF-8 (or too long) answers in the API's error shapes, not Fastify's.
    frameworkErrors: answerFrameworkError,
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: MAX_BODY_BYTES,
  }).withTypeProvider<ZodTypeProvider>();

  // Requests are checked by the contract's Zod schemas; answers are serialised from its JSON schemas.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A callback hook, not an async one: no promise per answer (decision 0055). onSend, so that the
  // answers the router gives before any onRequest hook (a path that is not UTF-8) carry them too.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // HSTS over plain HTTP is ignored at best and pins a development host to HTTPS at worst. Behind
    // a proxy, request.protocol is X-Forwarded-Proto from a trusted hop only (TRUST_PROXY).
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done(null, payload);
  });

  // Stopping the app writes out the buffered log lines (stdoutLog).
  if (stdout) {
    const { stop } = stdout;
    app.addHook('onClose', (_instance, done) => {
      stop();
      done();
    });
  }
  app.decorate('publicUrl', config.publicUrl);
  const jobs = options.jobs ?? (await startJobQueue(database, { workers: false }));
  if (!options.jobs) app.addHook('onClose', () => jobs.stop());
  app.decorate('jobs', jobs);
  registerErrorHandler(app);
  await app.register(cookie);
  registerFormBody(app);
  registerJsonBody(app);
  // Helmet's headers, computed once at start and set from a frozen object (lib/security-headers.ts).
  registerSecurityHeaders(app, await computeSecurityHeaders(helmetOptions(config)));
  // After the security headers (refused requests keep the security headers), before any plugin adds routes (so
  // every /api route, the docs too, passes the policy check).
  const sessions = await createSessionCache(database);
  app.addHook('onClose', () => sessions.close());
  registerAuth(app, database.db, { secure: config.publicUrl.startsWith('https:') }, sessions);
  registerAudit(app, database.db);

  // The published document (lib/openapi.ts, decision 0065): operationIds, security and error answers.
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Grove API',
        version: '1.0.0',
        description: 'The API of the Grove family portal.',
        license: { name: 'Proprietary', url: config.publicUrl },
      },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    stripBasePath: false,
    transform: openApiTransform,
    transformObject: (document) =>
      finishDocument('openapiObject' in document ? document.openapiObject : {}, config.publicUrl),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // The modules' job handlers are registered side by side while the routes are added (each waits on
  // the queue's statements); all are done before the app is returned (decision 0062).
  const registering: Promise<unknown>[] = [];
  const registerJobs = (work: Promise<unknown>) => {
    work.catch(() => undefined); // reported by the Promise.all below
    registering.push(work);
  };

  // Both ports write outbox rows and register their delivery jobs on the queue (ARCHITECTURE §7).
  const email = await createEmailSender(config, database.db, jobs);
  const sms = await createSmsSender(config, database.db, jobs);
  // The SMTP transport lets the deliveries under way finish, then closes its pool; a delivery job
  // that still runs afterwards fails and is retried later.
  app.addHook('onClose', async () => {
    await email.close?.();
  });
  healthRoutes(app, database);
  adminRoutes(app, database.db);
  backofficeRoutes(app, database.db);
  playerRoutes(app, database.db);
  playRoutes(app, database.db);
  playExportRoutes(app, database.db);
  gameRoutes(app, database.db);
  pairingRoutes(app, { db: database.db, publicUrl: config.publicUrl });
  surveyRoutes(app, database.db);
  experimentRoutes(app, database.db);
  authRoutes(app, database.db, config, email);
  const payments = await createPaymentProvider(config, database.db);
  const billing = { db: database.db, payments, email, sms, publicUrl: config.publicUrl };
  billingRoutes(app, {
    ...billing,
    sendSetPasswordLink: (user) => sendLink({ db: database.db, config, email, log: app.log }, user, 'invite'),
  });
  registerJobs(registerBillingJobs(jobs, billing, app.log));
  const communications = { db: database.db, email, sms, publicUrl: config.publicUrl };
  communicationsRoutes(app, { ...communications, gameDownloadUrl: config.gameDownloadUrl });
  registerJobs(registerCommunicationsJobs(jobs, communications, app.log));
  userRoutes(app, { db: database.db, email, publicUrl: config.publicUrl, log: app.log });
  accountRoutes(app, {
    db: database.db,
    sendInvite: (user, inviterName, tx) =>
      sendLink({ db: database.db, config, email, log: app.log }, user, 'invite', {
        inviterName: inviterName ?? undefined,
        tx,
      }),
  });

  const coaching = { db: database.db, email, sms, jobs, publicUrl: config.publicUrl };
  coachingRoutes(app, coaching);
  registerJobs(registerCoachingJobs(jobs, coaching));

  const webinars = { db: database.db, email, jobs, publicUrl: config.publicUrl };
  webinarsRoutes(app, webinars);
  registerJobs(registerWebinarJobs(jobs, webinars));
  onboardingRoutes(app, { db: database.db });
  privacyRoutes(app, { db: database.db });
  sharingRoutes(app, { db: database.db, publicUrl: config.publicUrl });
  const erasureDeps = { db: database.db, email, jobs, publicUrl: config.publicUrl };
  erasureRoutes(app, erasureDeps);
  registerJobs(registerErasureJobs(jobs, erasureDeps, app.log));
  const exportsDeps = { db: database.db, email, jobs, publicUrl: config.publicUrl };
  exportRoutes(app, exportsDeps);
  registerJobs(registerExportJobs(jobs, exportsDeps, app.log));
  supportRoutes(app, { db: database.db, email, tickets: createSupportTickets(config, database.db) });

  registerWebApp(app, config);
  await Promise.all(registering);
  return app;
}
