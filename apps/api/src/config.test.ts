import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** The ConfigError's lines for `env` (throws when the configuration is accepted). */
function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env, false);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('LOG_FORMAT', () => {
  it('writes readable lines in a terminal and JSON elsewhere, unless told', () => {
    expect(loadConfig({}, true).prettyLogs).toBe(true);
    expect(loadConfig({}, false).prettyLogs).toBe(false);
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).prettyLogs).toBe(false);
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).prettyLogs).toBe(true);
  });

  it('refuses an unknown format with one line', () => {
    expect(() => loadConfig({ LOG_FORMAT: 'xml' }, false)).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' }, false)).toThrow(/^Invalid LOG_FORMAT="xml"/);
  });
});

describe('payments configuration', () => {
  const stripe = {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_51HxGroveSecret',
    STRIPE_WEBHOOK_SECRET: 'whsec_GroveSigningSecret123',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_51HxGrovePublishable',
  };

  it('uses the sandbox provider unless told, without any Stripe key', () => {
    const config = loadConfig({}, false);
    expect(config.PAYMENT_PROVIDER).toBe('sandbox');
    expect(config.STRIPE_SECRET_KEY).toBeUndefined();
    expect(config.STRIPE_WEBHOOK_SECRET).toBeUndefined();
    expect(config.STRIPE_API_URL).toBeUndefined();
  });

  it('takes Stripe with its secret key, webhook secret and publishable key', () => {
    const config = loadConfig({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111' }, false);
    expect(config).toMatchObject({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111' });
    expect(
      loadConfig(
        { ...stripe, STRIPE_SECRET_KEY: 'rk_live_51HxGroveRestricted', STRIPE_PUBLISHABLE_KEY: 'pk_live_51Hx' },
        false,
      ).STRIPE_SECRET_KEY,
    ).toBe('rk_live_51HxGroveRestricted');
  });

  it('refuses an unknown provider', () => {
    expect(problems({ PAYMENT_PROVIDER: 'paypal' })).toEqual([
      expect.stringMatching(/^Invalid PAYMENT_PROVIDER="paypal"/),
    ]);
  });

  it.each(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'] as const)(
    'requires %s with PAYMENT_PROVIDER=stripe (an empty value is none)',
    (key) => {
      const expected = [
        expect.stringMatching(new RegExp(`^Invalid ${key}\\b.*is required when PAYMENT_PROVIDER=stripe$`)),
      ];
      expect(problems({ ...stripe, [key]: undefined })).toEqual(expected);
      expect(problems({ ...stripe, [key]: '' })).toEqual(expected);
    },
  );

  it('lists every missing Stripe setting at once', () => {
    expect(problems({ PAYMENT_PROVIDER: 'stripe' })).toHaveLength(3);
  });

  it.each([
    ['STRIPE_SECRET_KEY', 'pk_test_51HxGrovePublishable', /must be a Stripe secret key/],
    ['STRIPE_SECRET_KEY', 'sk_test_51Hx Grove', /must be a Stripe secret key/],
    ['STRIPE_WEBHOOK_SECRET', 'sk_live_51HxGroveSecret', /must be a Stripe webhook signing secret/],
    ['STRIPE_WEBHOOK_SECRET', 'whsec_abc\ndef', /must be a Stripe webhook signing secret/],
  ])('refuses %s=%j without repeating the value', (key, value, message) => {
    const lines = problems({ ...stripe, [key]: value });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid ${key} \\(value not shown\\): `));
    expect(lines[0]).toMatch(message);
    expect(lines[0]).not.toContain(value);
  });

  it('never repeats the secrets, whatever the problem', () => {
    const lines = problems({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_TopSecret',
      STRIPE_WEBHOOK_SECRET: 'whsec_TopSecret',
    });
    expect(lines.join('\n')).not.toMatch(/TopSecret/);
    // A live secret key with a test publishable key is refused, again without the key.
    const mixed = problems({ ...stripe, STRIPE_SECRET_KEY: 'sk_live_TopSecret' });
    expect(mixed).toEqual([
      'Invalid STRIPE_SECRET_KEY (value not shown): is a live key but STRIPE_PUBLISHABLE_KEY is a test key; use keys of the same mode',
    ]);
  });

  it.each([
    'ftp://127.0.0.1:12111',
    '127.0.0.1:12111',
    'http://127.0.0.1:12111/v1',
    'http://user:pass@127.0.0.1:12111',
    'https://stripe.example/?x=1',
  ])('refuses STRIPE_API_URL=%s', (value) => {
    expect(problems({ STRIPE_API_URL: value })).toEqual([
      expect.stringMatching(/^Invalid STRIPE_API_URL=.*must be an http\(s\) URL with only a host and port/),
    ]);
  });

  it('takes an https STRIPE_API_URL with a trailing slash', () => {
    expect(loadConfig({ STRIPE_API_URL: 'https://stripe-mock.internal:12112/' }, false).STRIPE_API_URL).toBe(
      'https://stripe-mock.internal:12112/',
    );
  });
});

describe('SMS configuration', () => {
  const twilio = {
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
    TWILIO_AUTH_TOKEN: 'TopSecretToken0123456789abcdefAB',
    TWILIO_FROM: '+12015550123',
  };

  it('keeps texts in the outbox unless told, without any Twilio setting', () => {
    const config = loadConfig({}, false);
    expect(config.SMS_PROVIDER).toBe('outbox');
    expect(config.TWILIO_ACCOUNT_SID).toBeUndefined();
    expect(config.TWILIO_API_URL).toBeUndefined();
  });

  it('takes Twilio with its account SID, auth token and a sender (number or Messaging Service)', () => {
    expect(loadConfig(twilio, false)).toMatchObject(twilio);
    const service = { ...twilio, TWILIO_FROM: undefined, TWILIO_MESSAGING_SERVICE_SID: `MG${'ab'.repeat(16)}` };
    expect(loadConfig(service, false).TWILIO_MESSAGING_SERVICE_SID).toBe(`MG${'ab'.repeat(16)}`);
    expect(loadConfig({ ...twilio, TWILIO_API_URL: 'http://127.0.0.1:4010' }, false).TWILIO_API_URL).toBe(
      'http://127.0.0.1:4010',
    );
  });

  it('refuses Twilio without its credentials or a sender, listing each at once', () => {
    expect(problems({ SMS_PROVIDER: 'twilio' })).toEqual([
      'Invalid TWILIO_ACCOUNT_SID="": is required when SMS_PROVIDER=twilio',
      'Invalid TWILIO_AUTH_TOKEN (value not shown): is required when SMS_PROVIDER=twilio',
      'Invalid TWILIO_FROM="": or TWILIO_MESSAGING_SERVICE_SID is required when SMS_PROVIDER=twilio',
    ]);
    expect(problems({ ...twilio, TWILIO_AUTH_TOKEN: '' })).toHaveLength(1);
  });

  it.each([
    ['TWILIO_ACCOUNT_SID', 'SK0123456789abcdef0123456789abcdef', /must be a Twilio account SID/],
    ['TWILIO_FROM', '2015550123', /must be a phone number in E\.164 form/],
    ['TWILIO_MESSAGING_SERVICE_SID', 'MG123', /must be a Twilio Messaging Service SID/],
    ['TWILIO_API_URL', 'http://user:pass@127.0.0.1:4010', /must be an http\(s\) URL/],
    ['SMS_PROVIDER', 'carrier-pigeon', /^Invalid SMS_PROVIDER="carrier-pigeon"/],
  ])('refuses %s=%j', (key, value, message) => {
    expect(problems({ ...twilio, [key]: value })).toEqual([expect.stringMatching(message)]);
  });

  it('never repeats the auth token', () => {
    const lines = problems({ ...twilio, TWILIO_AUTH_TOKEN: 'TopSecret with spaces' });
    expect(lines).toEqual([
      'Invalid TWILIO_AUTH_TOKEN (value not shown): must be a Twilio auth token (32 letters and digits)',
    ]);
  });

  it('texts GAME_DOWNLOAD_URL as the game link, the Game Directions page when unset (https only)', () => {
    expect(loadConfig({}, false).gameDownloadUrl).toBe('https://grove.example/games');
    expect(loadConfig({ GAME_DIRECTIONS_URL: 'https://example.org/how' }, false).gameDownloadUrl).toBe(
      'https://example.org/how',
    );
    expect(loadConfig({ GAME_DOWNLOAD_URL: 'https://get.grove.example/app' }, false).gameDownloadUrl).toBe(
      'https://get.grove.example/app',
    );
    expect(problems({ GAME_DOWNLOAD_URL: 'http://get.grove.example/app' })).toEqual([
      expect.stringMatching(/^Invalid GAME_DOWNLOAD_URL=.*must be an https:\/\/ URL/),
    ]);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told', () => {
    expect(loadConfig({}, false).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }, false).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }, false).TRUST_PROXY).toBe(false);
  });

  it('takes a number of proxies', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }, false).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }, false).TRUST_PROXY).toBe(2);
  });

  it('takes a list of proxy addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }, false).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses "true", which let any client choose its address, and says what to give instead', () => {
    for (const value of ['true', 'yes']) {
      expect(() => loadConfig({ TRUST_PROXY: value }, false)).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value }, false)).toThrow(
        /^Invalid TRUST_PROXY=".+": no longer trusts every proxy .*give the number of proxies in front of Grove \(such as 1\) or their addresses/,
      );
    }
  });

  it.each(['10.0.0.0/33', '10.0.0', 'proxy.internal', '1,2', '-1', '11', '10.0.0.1/8/2'])('refuses %j', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value }, false)).toThrow(/^Invalid TRUST_PROXY=/);
  });
});
