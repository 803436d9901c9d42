import { describe, expect, it } from 'vitest';

import { matchesWords, normalizeText, queryWords, searchIndex, searchItems } from './search.ts';

describe('normalizeText', () => {
  it.each([
    ['Heart-Rate BAND', 'heart rate band'],
    ['Évènement à Noël', 'evenement a noel'],
    ['Straße, Ærø, Œuvre', 'strasse aero oeuvre'],
    ['  child’s   “calm”  ', 'child s calm'],
    ['ｂａｎｄ', 'band'],
    ['45 minutes!', '45 minutes'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });
});

describe('queryWords', () => {
  it('splits a query into folded words and drops blanks', () => {
    expect(queryWords('  Wearing  the BAND ')).toEqual(['wearing', 'the', 'band']);
    expect(queryWords('   ')).toEqual([]);
    expect(queryWords('—')).toEqual([]);
  });
});

describe('matching', () => {
  const index = searchIndex(['Wearing the heart-rate band', 'Moisten the sensor; it’s the child’s band.']);

  it.each([
    ['band', true],
    ['BAND', true],
    ['bands', false],
    ['ban', true],
    ['heart rate', true],
    ['heart-rate', true],
    ['heartrate', true],
    ['sensor band', true],
    ['sensor acorn', false],
    ['ensor', false],
    ['mõïstén', true],
    ['childs', true],
    ['', true],
  ])('%j matches: %s', (query, expected) => {
    expect(matchesWords(index, queryWords(query))).toBe(expected);
  });
});

describe('searchItems', () => {
  const items = [
    { id: 'band', searchIndex: searchIndex(['Wearing the heart-rate band', 'fit, skin contact']) },
    { id: 'acorns', searchIndex: searchIndex(['Acorns', 'Rewards your child earns']) },
    { id: 'calm', searchIndex: searchIndex(['Talking about calming down', 'bedtime, the child’s routine']) },
  ];
  const ids = (query: string) => searchItems(items, query).map((item) => item.id);

  it('keeps every item, in order, for a blank query', () => {
    expect(ids('')).toEqual(['band', 'acorns', 'calm']);
    expect(ids('   ')).toEqual(['band', 'acorns', 'calm']);
  });

  it('needs every word to match', () => {
    expect(ids('child')).toEqual(['acorns', 'calm']);
    expect(ids('child bedtime')).toEqual(['calm']);
    expect(ids('child band')).toEqual([]);
  });

  it('ignores case and accents', () => {
    expect(ids('ÁCORNS')).toEqual(['acorns']);
    expect(ids('Calmíng')).toEqual(['calm']);
  });

  it('finds nothing for a word no item has', () => {
    expect(ids('trampoline')).toEqual([]);
  });
});
