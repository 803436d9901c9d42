/**
 * The domain's catalogs by language, each loaded when first asked for (English is the source and
 * needs none): the web fetches the Spanish one only for a page in Spanish.
 */
import type { Language } from '../languages.ts';
import type { Catalog } from '../translation.ts';

const LOADERS: Readonly<Record<Exclude<Language, 'en'>, () => Promise<Catalog>>> = {
  es: () => import('./es.ts').then((module) => module.es),
};

export function loadCatalog(language: Language): Promise<Catalog | undefined> {
  return language === 'en' ? Promise.resolve(undefined) : LOADERS[language]();
}
