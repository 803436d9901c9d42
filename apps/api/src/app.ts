import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createEmailSender } from './adapters/email/create-email-sender.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerErrorHandler } from './lib/error-handler.ts';
import { registerFormBody } from './lib/form-body.ts';
import { redactUrl } from './lib/redact-url.ts';
import type { App } from './lib/types.ts';
import { registerAuth } from './modules/auth/auth.plugin.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { experimentRoutes } from './modules/experiments/experiments.routes.ts';
import { gameRoutes } from './modules/game/game.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { playExportRoutes } from './modules/play/play-export.routes.ts';
import { playRoutes } from './modules/play/play.routes.ts';
import { playerRoutes } from './modules/players/players.routes.ts';
import { surveyRoutes } from './modules/surveys/surveys.routes.ts';
import { userRoutes } from './modules/user/user.routes.ts';

export interface BuildOptions {
  /** Set false in tests to keep the output quiet. */
  logger?: boolean;
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

export async function buildApp(config: Config, database: Database, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                'req.headers["x-csrftoken"]',
                'res.headers["set-cookie"]',
                '*.password',
                '*.password_copy',
                '*.access_token',
                '*.refresh_token',
                '*.token',
              ],
              censor: '[redacted]',
            },
            serializers: {
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
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  await app.register(cookie);
  registerFormBody(app);
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
  });
  // After helmet (refused requests keep the security headers), before any plugin adds routes (so
  // every /api route, the docs too, passes the policy check).
  registerAuth(app, database.db, { secure: config.publicUrl.startsWith('https:') });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Grove API', version: '1.0.0', description: 'The API of the Grove family portal.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRFToken' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const email = createEmailSender(config, database.db);
  healthRoutes(app, database);
  playerRoutes(app, database.db);
  playRoutes(app, database.db);
  playExportRoutes(app, database.db);
  gameRoutes(app, database.db);
  surveyRoutes(app, database.db);
  experimentRoutes(app, database.db);
  authRoutes(app, database.db, config, email);
  userRoutes(app, database.db);

  registerWebApp(app, config);
  return app;
}

/** Serves the built React app; any non-API path falls back to index.html so deep links work. */
function registerWebApp(app: App, config: Config) {
  const indexFile = path.join(config.webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    app.register(fastifyStatic, { root: config.webDistDir, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
    }
    if (!hasWeb) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The Grove web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
