import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  PAIRING,
  PAIRING_MESSAGES,
  USER_CODE_ALPHABET,
  USER_CODE_LENGTH,
  formatUserCode,
  isUserCodeShape,
  normalizeUserCode,
} from './pairing.ts';

const codeArbitrary = fc
  .array(fc.constantFrom(...USER_CODE_ALPHABET), { minLength: USER_CODE_LENGTH, maxLength: USER_CODE_LENGTH })
  .map((letters) => letters.join(''));

describe('the user code (RFC 8628 §6.1)', () => {
  it('uses 20 consonants without vowels or look-alike letters, and has at least 34 bits of entropy', () => {
    expect(new Set(USER_CODE_ALPHABET).size).toBe(20);
    expect(USER_CODE_ALPHABET).not.toMatch(/[AEIOUY01]/);
    expect(USER_CODE_LENGTH * Math.log2(USER_CODE_ALPHABET.length)).toBeGreaterThan(34);
  });

  it.each([
    ['wdjb-mjht', 'WDJBMJHT'],
    ['WDJB MJHT', 'WDJBMJHT'],
    [' wdjb–mjht ', 'WDJBMJHT'],
    ['WDJB.MJHT', 'WDJBMJHT'],
    ['WDJB_MJH1', 'WDJBMJH1'],
  ])('normalises %j to %j', (typed, stored) => {
    expect(normalizeUserCode(typed)).toBe(stored);
  });

  it.each(['WDJBMJH', 'WDJBMJHTX', 'WDJBMJH1', 'WDJBMJHA', ''])('refuses the shape of %j', (code) => {
    expect(isUserCodeShape(code)).toBe(false);
  });

  it('formats every code as two groups of four, and reading it back gives the code', () => {
    fc.assert(
      fc.property(codeArbitrary, (code) => {
        expect(isUserCodeShape(code)).toBe(true);
        const shown = formatUserCode(code);
        expect(shown).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
        expect(normalizeUserCode(shown)).toBe(code);
        expect(normalizeUserCode(shown.toLowerCase().replace('-', ' '))).toBe(code);
      }),
    );
  });

  it('leaves text that is not a code as it was typed (normalised), for the field message to refuse', () => {
    expect(formatUserCode('abc')).toBe('ABC');
  });
});

describe('the pairing numbers and messages', () => {
  it('keeps codes 10 minutes and polls every 5 s, as the issue and RFC 8628 §3.2 say', () => {
    expect(PAIRING.expiresInSeconds).toBe(600);
    expect(PAIRING.intervalSeconds).toBe(5);
    expect(PAIRING.slowDownSeconds).toBe(5);
  });

  it('words the wait after too many wrong codes', () => {
    expect(PAIRING_MESSAGES.tooManyWrongCodes(1)).toBe('Too many wrong codes. Please wait 1 minute and try again.');
    expect(PAIRING_MESSAGES.tooManyWrongCodes(15)).toBe('Too many wrong codes. Please wait 15 minutes and try again.');
  });
});
