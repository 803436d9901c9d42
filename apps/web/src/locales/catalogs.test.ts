/**
 * The catalog check (issue 29): every message of the code is in every language's catalog (the PO
 * files are up to date: `npm run i18n:extract -w @grove/web`), none is left untranslated, and each
 * translation has the placeholders, plural arguments and tags of its English, no more, no fewer.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { shapeOf } from '@grove/domain/message-shape';
import { describe, expect, it } from 'vitest';

const config = getConfig({
  configPath: path.join(path.dirname(fileURLToPath(import.meta.url)), '../../lingui.config.ts'),
});
const catalogs = await getCatalogs(config);
const TRANSLATED = config.locales.filter((locale) => locale !== config.sourceLocale);

describe('the web catalogs', () => {
  it('are configured for English and Spanish', () => {
    expect(config.locales).toEqual(['en', 'es']);
    expect(catalogs.length).toBeGreaterThan(2);
  });

  describe.each(catalogs.map((catalog) => [catalog.path.replace(`${config.rootDir}/`, ''), catalog] as const))(
    '%s',
    (_, catalog) => {
      it('holds every message of its code, and only those', async () => {
        const inCode = Object.keys((await catalog.collect()) ?? {}).sort();
        for (const locale of config.locales) {
          const inCatalog = Object.entries((await catalog.read(locale)) ?? {})
            .filter(([, entry]) => !entry.obsolete)
            .map(([id]) => id)
            .sort();
          expect({ locale, ids: inCatalog }).toEqual({ locale, ids: inCode });
        }
      });

      it.each(TRANSLATED)('is translated to %s with the same placeholders', async (locale) => {
        const source = (await catalog.read(config.sourceLocale!)) ?? {};
        const translated = (await catalog.read(locale)) ?? {};
        const problems: string[] = [];
        for (const [id, entry] of Object.entries(source)) {
          if (entry.obsolete) continue;
          const english = entry.message ?? id;
          const translation = translated[id]?.translation ?? '';
          if (translation.trim() === '') problems.push(`no translation: ${english}`);
          else if (JSON.stringify(shapeOf(english)) !== JSON.stringify(shapeOf(translation)))
            problems.push(`placeholders differ: ${english} → ${translation}`);
        }
        expect(problems).toEqual([]);
      });
    },
  );
});

describe('the parts of a language', () => {
  // The app loads every part of a language into one catalog: a message (same English, same
  // context) used by two parts must read the same in both, or take a context of its own.
  it.each(TRANSLATED)('give a message used in several parts one %s translation', async (locale) => {
    const seen = new Map<string, { part: string; translation: string }>();
    const clashes: string[] = [];
    for (const catalog of catalogs) {
      const part = catalog.path.split('/').at(-1)!;
      for (const [id, entry] of Object.entries((await catalog.read(locale)) ?? {})) {
        if (entry.obsolete || !entry.translation) continue;
        const before = seen.get(id);
        if (before && before.translation !== entry.translation)
          clashes.push(
            `${entry.message ?? id}: ${before.part} “${before.translation}”, ${part} “${entry.translation}”`,
          );
        else if (!before) seen.set(id, { part, translation: entry.translation });
      }
    }
    expect(clashes).toEqual([]);
  });
});
