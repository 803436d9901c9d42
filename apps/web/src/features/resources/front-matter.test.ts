import { describe, expect, it } from 'vitest';

import { FrontMatterError, parseFrontMatter } from './front-matter.ts';

describe('parseFrontMatter', () => {
  it.each([
    {
      name: 'key: value lines and the body after them',
      source: '---\ntitle: Acorns\norder: 4\n---\n\n## Hello\n',
      data: { title: 'Acorns', order: '4' },
      body: '## Hello\n',
    },
    {
      name: 'a value that holds colons',
      source: '---\nsummary: Time: 45 minutes: a week\n---\nText',
      data: { summary: 'Time: 45 minutes: a week' },
      body: 'Text',
    },
    {
      name: 'quoted values, double and single',
      source: '---\ntitle: "Chase speed"\nsummary: \'It’s fast\'\n---\nText',
      data: { title: 'Chase speed', summary: 'It’s fast' },
      body: 'Text',
    },
    {
      name: 'a lone quote is kept',
      source: '---\ntitle: "Open\n---\nText',
      data: { title: '"Open' },
      body: 'Text',
    },
    {
      name: 'spaces around keys and values',
      source: '---\n  title :   Getting started   \n---\nText',
      data: { title: 'Getting started' },
      body: 'Text',
    },
    {
      name: 'blank lines and comments inside the block',
      source: '---\n# a note for writers\n\ntitle: FAQ\n---\nText',
      data: { title: 'FAQ' },
      body: 'Text',
    },
    {
      name: 'an empty value',
      source: '---\nkeywords:\n---\nText',
      data: { keywords: '' },
      body: 'Text',
    },
    {
      name: 'Windows line endings and a byte-order mark',
      source: '\uFEFF---\r\ntitle: Band\r\n---\r\nLine one\r\nLine two',
      data: { title: 'Band' },
      body: 'Line one\nLine two',
    },
    {
      name: 'no front matter: all of it is the body',
      source: '## Just text\n\ntitle: not data',
      data: {},
      body: '## Just text\n\ntitle: not data',
    },
    {
      name: 'a --- later in the body stays in the body',
      source: '---\ntitle: A\n---\nBefore\n\n---\n\nAfter',
      data: { title: 'A' },
      body: 'Before\n\n---\n\nAfter',
    },
    {
      name: 'an empty block',
      source: '---\n---\nText',
      data: {},
      body: 'Text',
    },
  ])('reads $name', ({ source, data, body }) => {
    expect(parseFrontMatter(source)).toEqual({ data, body });
  });

  it.each([
    { name: 'no closing line', source: '---\ntitle: A\n\nText', message: /no closing/ },
    { name: 'a line without a colon', source: '---\ntitle A\n---\nText', message: /Line 2 is not "key: value"/ },
    { name: 'an empty key', source: '---\n: value\n---\nText', message: /invalid key: \(empty\)/ },
    { name: 'a key with spaces', source: '---\nthe title: A\n---\nText', message: /invalid key: the title/ },
    { name: 'a repeated key', source: '---\ntitle: A\ntitle: B\n---\nText', message: /Line 3 repeats the key title/ },
  ])('rejects $name', ({ source, message }) => {
    expect(() => parseFrontMatter(source)).toThrow(FrontMatterError);
    expect(() => parseFrontMatter(source)).toThrow(message);
  });
});
