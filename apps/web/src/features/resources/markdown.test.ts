import { describe, expect, it } from 'vitest';

import { escapeHtml, renderMarkdown, safeLink } from './markdown.ts';

const LINKS = {
  support: 'https://help.example/',
  gameDirections: 'https://games.example/',
  community: 'https://community.example/',
};

/** The rendered HTML as a DOM fragment, to look at what a browser would build from it. */
function rendered(markdown: string): HTMLElement {
  const element = document.createElement('div');
  element.innerHTML = renderMarkdown(markdown, LINKS);
  return element;
}

describe('safeLink', () => {
  it.each([
    ['https://example.org/page?a=1', { kind: 'external', href: 'https://example.org/page?a=1' }],
    ['HTTP://Example.org', { kind: 'external', href: 'http://example.org/' }],
    ['/dashboard/account?segment=details', { kind: 'internal', href: '/dashboard/account?segment=details' }],
    ['?article=acorns', { kind: 'internal', href: '?article=acorns' }],
    ['#fit', { kind: 'internal', href: '#fit' }],
    ['other-page', { kind: 'internal', href: 'other-page' }],
    ['{support}', { kind: 'external', href: 'https://help.example/' }],
    ['{community}', { kind: 'external', href: 'https://community.example/' }],
  ])('allows %j', (href, expected) => {
    expect(safeLink(href, LINKS)).toEqual(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'jav&#x61;script:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'mailto:someone@example.org',
    'file:///etc/passwd',
    '//evil.example/',
    '/\\evil.example/',
    '\\\\evil.example',
    'https://user:pass@example.org/',
    'https://',
    '',
    '{unknown}',
  ])('refuses %j', (href) => {
    expect(safeLink(href, LINKS)).toBeNull();
  });

  it('refuses the placeholders when no outside addresses are given', () => {
    expect(safeLink('{support}')).toBeNull();
  });
});

describe('renderMarkdown', () => {
  it('renders headings from level 2, lists, emphasis and paragraphs', () => {
    const html = rendered('# Top\n\n## Fit\n\nSome **bold** and *soft* text.\n\n- one\n- two\n\n1. first\n');
    expect([...html.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Top', 'Fit']);
    expect(html.querySelector('h1')).toBeNull();
    expect(html.querySelector('strong')?.textContent).toBe('bold');
    expect(html.querySelector('em')?.textContent).toBe('soft');
    expect(html.querySelectorAll('ul li')).toHaveLength(2);
    expect(html.querySelectorAll('ol li')).toHaveLength(1);
  });

  it('shows raw HTML as text instead of passing it through', () => {
    const source = [
      '<script>alert(1)</script>',
      '',
      'Inline <img src=x onerror="alert(1)"> and <b onclick="x()">bold</b>.',
      '',
      '<div style="position:fixed">block</div>',
      '',
      '<iframe src="https://evil.example"></iframe>',
    ].join('\n');
    const html = rendered(source);
    for (const tag of ['script', 'img', 'b', 'div', 'iframe']) expect(html.querySelector(tag)).toBeNull();
    expect(html.querySelectorAll('[onerror], [onclick], [style]')).toHaveLength(0);
    expect(html.textContent).toContain('<script>alert(1)</script>');
    expect(html.textContent).toContain('<img src=x onerror="alert(1)">');
  });

  it('drops javascript: and other unsafe links but keeps their text', () => {
    const html = rendered(
      [
        '[click](javascript:alert(1))',
        '[tab](java\tscript:alert(1))',
        '[entity](jav&#x61;script:alert(1))',
        '[data](data:text/html;base64,PHNjcmlwdD4=)',
        '<javascript:alert(1)>',
        '[ref][bad]',
        '',
        '[bad]: javascript:alert(2)',
      ].join('\n\n'),
    );
    expect(html.textContent).toContain('click');
    expect(html.textContent).toContain('ref');
    for (const anchor of html.querySelectorAll('a')) {
      expect(anchor.getAttribute('href')).not.toMatch(/^\s*(javascript|data|vbscript)/i);
    }
    expect(html.innerHTML).not.toMatch(/href="\s*(javascript|data|jav&)/i);
  });

  it('opens outside links in a new tab without an opener, and keeps portal links in place', () => {
    const html = rendered(
      'See [the site](https://example.org/x "Example"), [Support]({support}), [Home](/dashboard) and [Acorns](?article=acorns).',
    );
    const [site, support, home, acorns] = [...html.querySelectorAll('a')];
    expect(site).toHaveAttribute('href', 'https://example.org/x');
    expect(site).toHaveAttribute('target', '_blank');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer');
    expect(site).toHaveAttribute('title', 'Example');
    expect(site?.textContent).toBe('the site (opens in a new tab)');
    expect(support).toHaveAttribute('href', 'https://help.example/');
    expect(support).toHaveAttribute('target', '_blank');
    expect(home).toHaveAttribute('href', '/dashboard');
    expect(home).not.toHaveAttribute('target');
    expect(home).not.toHaveAttribute('rel');
    expect(acorns).toHaveAttribute('href', '?article=acorns');
  });

  it('escapes quotes in link addresses and titles', () => {
    const html = rendered('[x](https://example.org/?a="b" \'t"itle\')');
    const anchor = html.querySelector('a');
    expect(anchor?.getAttributeNames().sort()).toEqual(['href', 'rel', 'target', 'title']);
  });

  it('leaves images out, keeping their alt text', () => {
    const html = rendered('![A happy acorn](https://tracker.example/pixel.png)');
    expect(html.querySelector('img')).toBeNull();
    expect(html.textContent?.trim()).toBe('A happy acorn');
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in HTML', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
