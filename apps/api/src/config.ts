import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: config paths that are relative resolve against it, wherever the process starts. */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const postgresUrl = z.string().refine((v) => {
  try {
    const u = new URL(v);
    return u.protocol === 'postgres:' || u.protocol === 'postgresql:';
  } catch {
    return false;
  }
}, 'must be a postgres://user@host:port/database URL');

/** An absolute URL whose scheme is one of `protocols`, without credentials (and, for a base URL, without query or fragment). */
function absoluteUrl(protocols: string[], message: string, { base = false } = {}) {
  return z.string().refine((v) => {
    try {
      const u = new URL(v);
      const plain = !base || (u.search === '' && u.hash === '');
      return protocols.includes(u.protocol) && u.hostname !== '' && u.username === '' && u.password === '' && plain;
    } catch {
      return false;
    }
  }, message);
}

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4/IPv6 address, an address/prefix (CIDR), or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies in front of the server to believe (X-Forwarded-For, X-Forwarded-Proto, -Host):
 * `false` (or 0) none — the socket's address is the client's; a number of hops (`1`: one load
 * balancer); or a comma-separated list of proxy addresses and CIDR ranges. The client is the
 * right-most address that is not a trusted proxy. `true` (trust every hop, so the left-most
 * address, which any client writes) is refused (docs/decisions/0035).
 */
const trustProxy = z.string().transform((raw, ctx): false | number | string[] => {
  const value = raw.trim().toLowerCase();
  if (value === 'false' || value === 'no' || value === '0') return false;
  if (value === 'true' || value === 'yes') {
    ctx.addIssue({
      code: 'custom',
      message:
        'no longer trusts every proxy (a client could choose its own address); give the number of proxies in front of Grove (such as 1) or their addresses (such as 10.0.0.0/8,127.0.0.1)',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 10) return hops;
    ctx.addIssue({ code: 'custom', message: 'must be at most 10 proxies' });
    return z.NEVER;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length === 0) return entries;
  ctx.addIssue({
    code: 'custom',
    message: `must be false, a number of proxies (such as 1) or a comma-separated list of proxy addresses or CIDR ranges (such as 10.0.0.0/8,127.0.0.1); not an address: ${wrong.map((entry) => JSON.stringify(entry)).join(', ')}`,
  });
  return z.NEVER;
});

const httpsLink = absoluteUrl(['https:'], 'must be an https:// URL');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(3000),
    PUBLIC_URL: z.url({ message: 'must be a URL such as http://localhost:3000' }).optional(),
    DATABASE_URL: postgresUrl.optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    DATA_DIR: z.string().min(1).default('.data'),
    WEB_DIST_DIR: z.string().min(1).default('apps/web/dist'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** auto: readable lines in a terminal, JSON otherwise (a file, a pipe, a log collector). */
    LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
    SEED_DEMO_DATA: booleanish.default(true),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
    REFRESH_TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(300)
      .max(90 * 86_400)
      .default(30 * 86_400),
    TRUST_PROXY: trustProxy.default(false),
    /** Where e-mail goes: 'outbox' stores it in the email_outbox table only; 'smtp' also delivers it. */
    EMAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
    SMTP_URL: z
      .string()
      .refine((v) => {
        try {
          const u = new URL(v);
          return (u.protocol === 'smtp:' || u.protocol === 'smtps:') && u.hostname !== '';
        } catch {
          return false;
        }
      }, 'must be an smtp://user:password@host:port or smtps://… URL')
      .optional(),
    EMAIL_FROM: z
      .string()
      .min(3)
      .regex(/^[^\r\n]+$/, 'must be one line')
      .default('Grove <no-reply@grove.local>'),
    /** Where text messages go: 'outbox' stores them in the sms_outbox table only; 'twilio' also sends them. */
    SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio account SID (AC followed by 32 hexadecimal digits)')
      .optional(),
    /** The account's auth token (basic authentication with the account SID); server side only. */
    TWILIO_AUTH_TOKEN: z
      .string()
      .regex(/^[0-9a-zA-Z]{32}$/, 'must be a Twilio auth token (32 letters and digits)')
      .optional(),
    /** The number texts come from (E.164), unless a Messaging Service picks it. */
    TWILIO_FROM: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, 'must be a phone number in E.164 form, such as +12015550123')
      .optional(),
    TWILIO_MESSAGING_SERVICE_SID: z
      .string()
      .regex(/^MG[0-9a-fA-F]{32}$/, 'must be a Twilio Messaging Service SID (MG followed by 32 hexadecimal digits)')
      .optional(),
    /** Another address for Twilio's API (a local fake in tests); Twilio's own API when unset. */
    TWILIO_API_URL: absoluteUrl(
      ['https:', 'http:'],
      'must be an http(s) URL without credentials or query, such as http://127.0.0.1:4010',
      { base: true },
    ).optional(),
    /** Where support tickets go: 'local' keeps them in the support_tickets table; 'zendesk' files them in Zendesk. */
    SUPPORT_PROVIDER: z.enum(['local', 'zendesk']).default('local'),
    /** The Zendesk account: https://{ZENDESK_SUBDOMAIN}.zendesk.com, unless ZENDESK_URL names another address. */
    ZENDESK_SUBDOMAIN: z
      .string()
      .regex(
        /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i,
        'must be a Zendesk subdomain, such as grove for grove.zendesk.com',
      )
      .optional(),
    /** Another address for Zendesk's API (a custom domain, or a local fake in tests); wins over ZENDESK_SUBDOMAIN. */
    ZENDESK_URL: absoluteUrl(
      ['https:', 'http:'],
      'must be an http(s) URL without credentials or query, such as https://grove.zendesk.com',
      { base: true },
    ).optional(),
    /** The Zendesk agent the API token belongs to (basic authentication as {email}/token). */
    ZENDESK_EMAIL: z.email({ message: 'must be the e-mail address of a Zendesk agent' }).optional(),
    /** A Zendesk API token (Admin Center > Apps and integrations > Zendesk API); server side only. */
    ZENDESK_API_TOKEN: z
      .string()
      .regex(/^[A-Za-z0-9]{20,100}$/, 'must be a Zendesk API token (letters and digits)')
      .optional(),
    /** Who takes card payments: 'sandbox' (test cards, stored in the database) or 'stripe'. */
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
    /** Stripe's secret (sk_…) or restricted (rk_…) API key; server side only. */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…) or restricted key (rk_…)')
      .optional(),
    /** The signing secret of Stripe's webhook endpoint. */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9_+/=]+$/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
    /** Another address for Stripe's API (a local fake in tests); Stripe's own API when unset. */
    STRIPE_API_URL: z
      .string()
      .refine((v) => {
        // The SDK takes a host, port and protocol and adds /v1/… itself: a path would be dropped.
        try {
          const u = new URL(v);
          const plain =
            u.username === '' && u.password === '' && u.pathname === '/' && u.search === '' && u.hash === '';
          return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '' && plain;
        } catch {
          return false;
        }
      }, 'must be an http(s) URL with only a host and port, such as http://127.0.0.1:12111')
      .optional(),
    // The web app's public configuration (SPEC §7 "the host comes from configuration"): served to the
    // browser inside index.html, so one build runs in every environment. See lib/web-app.ts.
    /** Base URL of the API for the browser when it is not this server's own /api (e.g. https://api.grove.example/api). */
    WEB_API_URL: absoluteUrl(
      ['https:', 'http:'],
      'must be an absolute http(s) URL without query, such as https://api.grove.example/api',
      { base: true },
    ).optional(),
    /** The card provider's (Stripe's) publishable key; none until card payments are set up. */
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_[A-Za-z0-9_]+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…), never a secret key')
      .optional(),
    /** The tag manager container; analytics stay off without it. */
    ANALYTICS_ID: z
      .string()
      .regex(/^GTM-[A-Z0-9]{4,12}$/, 'must be a tag manager container id such as GTM-ABC1234')
      .optional(),
    GAME_DIRECTIONS_URL: httpsLink.default('https://grove.example/games'),
    /** The page a tablet downloads the game from, texted by POST /api/v1/sms/message/ (app_link); GAME_DIRECTIONS_URL when unset. */
    GAME_DOWNLOAD_URL: httpsLink.optional(),
    SUPPORT_URL: httpsLink.default('https://help.grove.example/'),
    COMMUNITY_URL: httpsLink.default('https://community.grove.example/families'),
  })
  .superRefine((env, ctx) => {
    if (env.EMAIL_PROVIDER === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required when EMAIL_PROVIDER=smtp' });
    }
    if (env.SMS_PROVIDER === 'twilio') {
      for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'] as const) {
        if (env[key]) continue;
        ctx.addIssue({ code: 'custom', path: [key], message: 'is required when SMS_PROVIDER=twilio' });
      }
      if (!env.TWILIO_FROM && !env.TWILIO_MESSAGING_SERVICE_SID) {
        ctx.addIssue({
          code: 'custom',
          path: ['TWILIO_FROM'],
          message: 'or TWILIO_MESSAGING_SERVICE_SID is required when SMS_PROVIDER=twilio',
        });
      }
    }
    if (env.SUPPORT_PROVIDER === 'zendesk') {
      if (!env.ZENDESK_SUBDOMAIN && !env.ZENDESK_URL) {
        ctx.addIssue({
          code: 'custom',
          path: ['ZENDESK_SUBDOMAIN'],
          message: 'or ZENDESK_URL is required when SUPPORT_PROVIDER=zendesk',
        });
      }
      for (const key of ['ZENDESK_EMAIL', 'ZENDESK_API_TOKEN'] as const) {
        if (env[key]) continue;
        ctx.addIssue({ code: 'custom', path: [key], message: 'is required when SUPPORT_PROVIDER=zendesk' });
      }
    }
    if (env.PAYMENT_PROVIDER === 'stripe') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'] as const) {
        if (env[key]) continue;
        ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PAYMENT_PROVIDER=stripe' });
      }
    }
    // A test publishable key with a live secret key (or the reverse) fails at the first payment.
    const secretMode = /^(?:sk|rk)_(test|live)_/.exec(env.STRIPE_SECRET_KEY ?? '')?.[1];
    const publishableMode = /^pk_(test|live)_/.exec(env.STRIPE_PUBLISHABLE_KEY ?? '')?.[1];
    if (secretMode && publishableMode && secretMode !== publishableMode) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: `is a ${secretMode} key but STRIPE_PUBLISHABLE_KEY is a ${publishableMode} key; use keys of the same mode`,
      });
    }
  });

export type Config = z.infer<typeof envSchema> & {
  dataDir: string;
  webDistDir: string;
  publicUrl: string;
  /** The game's download page texted by the app_link SMS (GAME_DOWNLOAD_URL, else GAME_DIRECTIONS_URL). */
  gameDownloadUrl: string;
  /** Log lines for people (pino-pretty) rather than JSON. */
  prettyLogs: boolean;
};

/** Variables whose invalid value is not repeated in the error. */
const UNECHOED_KEYS = new Set([
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'TWILIO_AUTH_TOKEN',
  'ZENDESK_API_TOKEN',
]);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** Parses the environment once. Throws ConfigError with one line per problem. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  stdoutIsTerminal = Boolean(process.stdout.isTTY),
): Config {
  const input = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = issue.path.join('.');
        // A secret key pasted where the publishable one goes must not land in the logs.
        if (UNECHOED_KEYS.has(key)) return `Invalid ${key} (value not shown): ${issue.message}`;
        return `Invalid ${key}=${JSON.stringify(env[key] ?? '')}: ${issue.message}`;
      }),
    );
  }
  const c = parsed.data;
  return {
    ...c,
    dataDir: path.resolve(ROOT_DIR, c.DATA_DIR),
    webDistDir: path.resolve(ROOT_DIR, c.WEB_DIST_DIR),
    publicUrl: c.PUBLIC_URL ?? `http://${c.HOST === '0.0.0.0' ? 'localhost' : c.HOST}:${c.PORT}`,
    gameDownloadUrl: c.GAME_DOWNLOAD_URL ?? c.GAME_DIRECTIONS_URL,
    prettyLogs: c.LOG_FORMAT === 'pretty' || (c.LOG_FORMAT === 'auto' && stdoutIsTerminal),
  };
}
