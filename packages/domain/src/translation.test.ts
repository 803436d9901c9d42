/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';

import { LANGUAGES } from './languages.ts';
import { loadCatalog } from './locales/index.ts';
import { API_MESSAGES } from './api/common.ts';
import { MESSAGES } from './validation-core.ts';
import { PAIRING_MESSAGES } from './pairing.ts';
import { passwordClassesMessage } from './validation-rules.ts';
import { messageSources, placeholdersOf, translator } from './translation.ts';

// Every module of the package, so that every group of messages has been declared.
const modules = import.meta.glob(['./**/*.ts', '!./**/*.test.ts']);
await Promise.all(Object.values(modules).map((load) => load()));
const sources = messageSources();

describe.each(LANGUAGES.filter((language) => language !== 'en'))('the %s catalog', async (language) => {
  const catalog = (await loadCatalog(language))!;

  it('translates every message people read, and nothing else', () => {
    expect(sources.length).toBeGreaterThan(150);
    expect(sources.filter((source) => catalog[source] === undefined)).toEqual([]);
    expect(Object.keys(catalog).filter((source) => !sources.includes(source))).toEqual([]);
  });

  it('keeps the placeholders of each source', () => {
    const differ = Object.entries(catalog).filter(
      ([source, translation]) =>
        JSON.stringify(placeholdersOf(source).sort()) !== JSON.stringify(placeholdersOf(translation).sort()),
    );
    expect(differ).toEqual([]);
    expect(Object.entries(catalog).filter(([, translation]) => translation.trim() === '')).toEqual([]);
  });
});

describe('translator', async () => {
  const es = translator(await loadCatalog('es'));

  it('translates a message by its English text', () => {
    expect(es(MESSAGES.emailInvalid)).toBe('Escriba un correo electrónico válido');
  });

  it('recognises a filled-in template and puts its values into the translation', () => {
    expect(es(API_MESSAGES.tooLong(64))).toBe('Como máximo 64 caracteres.');
    expect(es(API_MESSAGES.listTooLong(5))).toBe('Como máximo 5 elementos.');
    expect(es(API_MESSAGES.rangeIn(1, 12, 'months'))).toBe('Debe estar entre 1 y 12 meses.');
    expect(es(PAIRING_MESSAGES.tooManyWrongCodes(1))).toBe(
      'Demasiados códigos incorrectos. Espere 1 minuto e inténtelo de nuevo.',
    );
    expect(es(PAIRING_MESSAGES.tooManyWrongCodes(3))).toBe(
      'Demasiados códigos incorrectos. Espere 3 minutos e inténtelo de nuevo.',
    );
  });

  it('translates a value that is a list of messages, item by item', () => {
    expect(es(passwordClassesMessage(['digits', 'special symbols']))).toBe(
      'Añada algo de: dígitos, símbolos especiales',
    );
  });

  it('leaves text it does not know, and everything in English, as it is', () => {
    expect(es('Something else entirely.')).toBe('Something else entirely.');
    expect(translator(undefined)(MESSAGES.emailInvalid)).toBe(MESSAGES.emailInvalid);
  });
});
