/**
 * The security headers of every answer (Content Security Policy, frame, referrer, sniffing and
 * cross-origin policies), computed once per process (docs/decisions/0055-request-plumbing.md).
 *
 * @fastify/helmet stays the source of their values: at start, `computeSecurityHeaders` runs it once
 * with Grove's options in a throwaway Fastify instance and keeps what it set. Registered on the app
 * itself, @fastify/helmet rebuilt its middleware on every request (parsing the CSP directives again,
 * through two hooks, one of them async, each reading `request.routeOptions`, which Fastify builds
 * afresh on every read): about 6 % of a health check. The answers carry the very same headers
 * (security-headers.test.ts compares them with the plugin's, answer by answer).
 */
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyReply, type FastifyRequest, type HookHandlerDoneFunction } from 'fastify';
import type { App } from './types.ts';

export type SecurityHeaders = Readonly<Record<string, string>>;

/** The headers @fastify/helmet sets with `options`, as it sets them on an answer. */
export async function computeSecurityHeaders(options: FastifyHelmetOptions): Promise<SecurityHeaders> {
  const probe = Fastify({ logger: false });
  let headers: Record<string, string> | null = null;
  try {
    await probe.register(helmet, options);
    // After helmet's own onRequest hooks: the raw response holds exactly what helmet set.
    probe.addHook('onRequest', (_request, reply, done) => {
      const raw = reply.raw.getHeaders();
      headers = Object.fromEntries(
        Object.entries(raw).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
      );
      done();
    });
    probe.get('/', (_request, reply) => reply.send(''));
    await probe.inject({ method: 'GET', url: '/' });
  } finally {
    await probe.close();
  }
  if (!headers || Object.keys(headers).length === 0) throw new Error('@fastify/helmet set no headers');
  return Object.freeze(headers);
}

/**
 * Sets `headers` on every answer, before any route runs (so a refused request, a 404 or a static
 * file carries them too; a route may still replace one, as Swagger UI does with its CSP).
 */
export function registerSecurityHeaders(app: App, headers: SecurityHeaders) {
  app.addHook('onRequest', (_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    reply.headers(headers);
    done();
  });
}
