/**
 * The API's catalog check (issue 29; lingui.config.ts): every message of the code is in both PO
 * files (they are up to date: `npm run i18n:extract -w @grove/api`), none is left untranslated in
 * Spanish, each translation has the placeholders and plural arguments of its English, and the
 * compiled catalogs the server imports (src/locales/<language>/messages.ts) are what their PO files
 * compile to now (`npm run i18n:compile -w @grove/api` after every change of a PO file).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import type { Messages } from '@lingui/core';
import { shapeOf } from '@grove/domain/message-shape';
import { describe, expect, it } from 'vitest';
import { messages as en } from './en/messages.ts';
import { messages as es } from './es/messages.ts';

const config = getConfig({
  configPath: path.join(path.dirname(fileURLToPath(import.meta.url)), '../../lingui.config.ts'),
  skipValidation: true,
});
const [catalog] = await getCatalogs(config);
const COMPILED: Record<string, Messages> = { en, es };

describe('the API catalogs', () => {
  it('are one catalog, in English and Spanish', () => {
    expect(config.locales).toEqual(['en', 'es']);
    expect(catalog).toBeDefined();
  });

  it('hold every message of the code, and only those', async () => {
    const inCode = Object.keys((await catalog!.collect()) ?? {}).sort();
    expect(inCode.length).toBeGreaterThan(100);
    for (const locale of config.locales) {
      const inCatalog = Object.entries((await catalog!.read(locale)) ?? {})
        .filter(([, entry]) => !entry.obsolete)
        .map(([id]) => id)
        .sort();
      expect({ locale, ids: inCatalog }).toEqual({ locale, ids: inCode });
    }
  });

  it('give the English of the code as the English catalog’s text', async () => {
    const inCode = (await catalog!.collect()) ?? {};
    const english = (await catalog!.read('en')) ?? {};
    const differ = Object.entries(inCode).filter(([id, entry]) => english[id]?.translation !== entry.message);
    expect(differ.map(([id]) => id)).toEqual([]);
  });

  it('are translated to Spanish with the same placeholders and plural arguments', async () => {
    const source = (await catalog!.read('en')) ?? {};
    const translated = (await catalog!.read('es')) ?? {};
    const problems: string[] = [];
    for (const [id, entry] of Object.entries(source)) {
      if (entry.obsolete) continue;
      const english = entry.translation || entry.message || id;
      const translation = translated[id]?.translation ?? '';
      if (translation.trim() === '') problems.push(`no translation: ${id}`);
      else if (JSON.stringify(shapeOf(english)) !== JSON.stringify(shapeOf(translation)))
        problems.push(`placeholders differ: ${id}: ${english} → ${translation}`);
      // «usted», never tú: the informal forms that slip in most easily.
      else if (/\b(tú|tu|tus|te|tienes|puedes|quieres)\b/i.test(translation))
        problems.push(`tú in ${id}: ${translation}`);
    }
    expect(problems).toEqual([]);
  });

  it.each(['en', 'es'])('are compiled from the current PO file (%s)', async (locale) => {
    const { messages } = await catalog!.getTranslations(locale, {
      sourceLocale: config.sourceLocale!,
      fallbackLocales: config.fallbackLocales!,
    });
    const { source, errors } = createCompiledCatalog(locale, messages, { namespace: 'json' });
    expect(errors).toEqual([]);
    expect(COMPILED[locale]).toEqual((JSON.parse(source) as { messages: Messages }).messages);
  });
});
