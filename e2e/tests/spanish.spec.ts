/**
 * Issue 29 item 1, families in their own language: a parent switches to Spanish on the login page,
 * signs in with the form, and Home, Stats, Account, Coaching and checkout read in Spanish — no
 * English sentence of the catalogs left on screen, no untranslated catalog key — with `lang="es"`
 * and no serious axe violation; a refusal of the server (an unknown promo code) reads in Spanish;
 * and the family's weekly summary e-mail (last Monday's, in the demo data) is in Spanish. The
 * family is the demo's Spanish speaker (familia@example.com), so that no other journey's parent
 * changes language.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';

import { es as domainSpanish } from '../../packages/domain/src/locales/es.ts';
import { outboxFor } from './new-family.ts';
import { DEMO_PASSWORD, seriousViolations } from './support.ts';

const SPANISH_PARENT = 'familia@example.com';
const LOCALES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/locales');
const API_LOCALES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/src/locales');

/** msgid → msgstr of a PO file (single- and multi-line entries). */
function readPo(file: string): Map<string, string> {
  const entries = new Map<string, string>();
  const unquote = (line: string) => JSON.parse(line) as string;
  let current: 'id' | 'str' | null = null;
  let id = '';
  let str = '';
  const flush = () => {
    if (id) entries.set(id, str);
    id = '';
    str = '';
  };
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('msgid ')) {
      flush();
      current = 'id';
      id = unquote(line.slice(6));
    } else if (line.startsWith('msgstr ')) {
      current = 'str';
      str = unquote(line.slice(7));
    } else if (line.startsWith('"') && current) {
      if (current === 'id') id += unquote(line);
      else str += unquote(line);
    } else current = null;
  }
  flush();
  return entries;
}

/**
 * The English that must not be on a Spanish screen, from the web's and the domain's catalogs (each
 * source whose Spanish differs): a line of the screen that reads as a whole English message (its
 * placeholders standing for any values), or a longer English sentence anywhere in it.
 */
function englishCatalog(): { lines: RegExp[]; sentences: string[] } {
  const pairs: [string, string][] = [];
  for (const file of fs.readdirSync(path.join(LOCALES, 'en'))) {
    const spanish = readPo(path.join(LOCALES, 'es', file));
    for (const [source] of readPo(path.join(LOCALES, 'en', file))) pairs.push([source, spanish.get(source) ?? '']);
  }
  pairs.push(...Object.entries(domainSpanish));
  // The server's own words (e-mails, texts): explicit ids, the English in the English catalog.
  const serverSpanish = readPo(path.join(API_LOCALES, 'es/messages.po'));
  for (const [id, english] of readPo(path.join(API_LOCALES, 'en/messages.po')))
    pairs.push([english, serverSpanish.get(id) ?? '']);
  const lines: RegExp[] = [];
  const sentences = new Set<string>();
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const [source, spanish] of pairs) {
    if (source === spanish || /\{\w+, (plural|select)/.test(source)) continue;
    const parts = source.replace(/<\/?\d+\/?>/g, '').split(/\{[^}]*\}/);
    if (parts.join('').trim().length < 3) continue;
    // The words around each value as they are (spaces included): ' for ' is not the 'for' of 'California'.
    const pattern = parts.map((part) => escape(part).replace(/\s+/g, '\\s+')).join('.+?');
    lines.push(new RegExp(`^\\s*${pattern}\\s*$`, 's'));
    for (const part of parts) {
      const sentence = part.trim();
      if (sentence.split(/\s+/).length >= 5 && !spanish.includes(sentence)) sentences.add(sentence);
    }
  }
  return { lines, sentences: [...sentences] };
}

const ENGLISH = englishCatalog();

/**
 * What people wrote in the demo data, shown as they wrote it in every language: the coaches' own
 * profile titles and the tutorials' titles (content, not the portal's words).
 */
const CONTENT = new Set(['Family coach', 'Lead family coach']);

/** The screen's visible text holds no English of the catalogs, says it is Spanish, and fits the screen. */
async function expectSpanish(page: Page, screen: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('.app-splash, .page-spinner')).toHaveCount(0);
  const text = await page.locator('body').innerText();
  const left = [
    ...text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !CONTENT.has(line) && ENGLISH.lines.some((english) => english.test(line))),
    ...ENGLISH.sentences.filter((sentence) => text.includes(sentence)),
  ];
  expect(left, `English left on ${screen}`).toEqual([]);
  expect(await seriousViolations(page), `axe on ${screen}`).toEqual([]);
  // Spanish runs longer than English: still nothing wider than the screen.
  const overflow = await page.evaluate(() => {
    const root = (
      globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
    ).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow, `${screen} scrolls sideways`).toBeLessThanOrEqual(0);
}

test('a parent switches to Spanish on the login page, and the screens, a refusal and the weekly e-mail read in Spanish', async ({
  page,
}) => {
  expect(ENGLISH.lines.length).toBeGreaterThan(1000);

  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Grove' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.getByRole('heading', { level: 1, name: 'Le damos la bienvenida a Grove' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expectSpanish(page, 'the login page');

  // A field rule's message, in Spanish, before anything is sent.
  await page.getByLabel('Correo electrónico').focus();
  await page.getByLabel('Contraseña').focus();
  await expect(page.getByText('El correo electrónico es obligatorio')).toBeVisible();

  await page.getByLabel('Correo electrónico').fill(SPANISH_PARENT);
  await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'INICIAR SESIÓN' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectSpanish(page, 'Home');

  const screens: [string, string][] = [
    ['/stats', 'Stats'],
    ['/account', 'Account'],
    ['/coaching', 'Coaching'],
  ];
  for (const [url, screen] of screens) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectSpanish(page, screen);
  }

  // Signed out, the browser keeps the language: checkout for a new family, in Spanish, with the
  // server's refusal of an unknown promo code in Spanish too.
  await page.evaluate(() =>
    ['grove.access_token', 'grove.refresh_token', 'grove.access_expires_at'].forEach((key) =>
      (globalThis as unknown as { localStorage: { removeItem: (key: string) => void } }).localStorage.removeItem(key),
    ),
  );
  await page.goto('/checkout?tag=default');
  await expect(page.getByRole('heading', { level: 2, name: 'Su plan' })).toBeVisible();
  await expectSpanish(page, 'checkout');
  await page.getByRole('textbox', { name: 'Código promocional' }).fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('Este código promocional no existe.')).toBeVisible();

  // The family's weekly summary, written by the digest's own code for last Monday, is in Spanish.
  const digests = (await outboxFor(page, SPANISH_PARENT)).filter((mail) => mail.template === 'weekly_digest');
  expect(digests).toHaveLength(1);
  const digest = digests[0]!.text_body;
  expect(digest).toContain('Hola, Lucía:');
  expect(digest).toMatch(/Mateo jugó \d+ de 45 minutos/);
  const englishLines = digest
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && ENGLISH.lines.some((english) => english.test(line)));
  expect(englishLines).toEqual([]);
  expect(digest).not.toMatch(/\b(played|minutes|goal|last week|Hello)\b/);
});
