import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
