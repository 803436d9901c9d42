/** Where each onboarding step is done (the checklist, Home's next step). */
import { describe, expect, it } from 'vitest';
import { ONBOARDING_STEPS } from '@grove/domain';

import { loadLanguage } from './i18n.ts';
import { AUTOMATIC_NOTES, BAND_ARTICLE_SLUG, automaticNote, stepLink } from './step-links.ts';

describe('step links', () => {
  it('gives every step a place to do it and a note for when it ticks itself', () => {
    for (const { id } of ONBOARDING_STEPS) {
      expect(stepLink(id).label).not.toBe('');
      expect(AUTOMATIC_NOTES[id]).toMatch(/ticks itself/);
    }
    expect(stepLink('first_game').external).toBe(true);
    expect(stepLink('pair_band').to).toBe('/dashboard/connect');
  });

  it('names a band article that exists (the Connect a tablet page links to it)', () => {
    const articles = Object.keys(import.meta.glob('../features/resources/articles/*.md'));
    expect(articles).toContain(`../features/resources/articles/${BAND_ARTICLE_SLUG}.md`);
  });

  it('words the links and the notes in the page’s language', async () => {
    await loadLanguage('es', ['app']);
    expect(stepLink('add_players').label).toBe('Agregue a sus jugadores');
    expect(stepLink('add_players').to).toBe('/dashboard/account?segment=players');
    expect(AUTOMATIC_NOTES.kit_delivered).toBe('Este paso se marca solo cuando se entregue su kit.');
    expect(automaticNote('first_game')).not.toMatch(/ticks itself/);
  });
});
