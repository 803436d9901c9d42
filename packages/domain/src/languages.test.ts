import { describe, expect, it } from 'vitest';
import { acceptedLanguages, isLanguage, pickLanguage } from './languages.ts';

describe('languages', () => {
  it('picks the first language Grove speaks, by its primary subtag', () => {
    expect(pickLanguage(['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(pickLanguage(['EN-gb'])).toBe('en');
    expect(pickLanguage(['de', 'fr'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });

  it('orders Accept-Language by q, then by order, without q=0 and *', () => {
    expect(acceptedLanguages('fr;q=0.5, es-MX, en;q=0.8, de;q=0, *')).toEqual(['es-MX', 'en', 'fr']);
    expect(pickLanguage(acceptedLanguages('de, es;q=0.9, en;q=0.1'))).toBe('es');
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('x'.repeat(10_000))).toHaveLength(1);
  });

  it('knows its own languages only', () => {
    expect(isLanguage('es')).toBe(true);
    expect(isLanguage('ES')).toBe(false);
    expect(isLanguage(7)).toBe(false);
  });
});
