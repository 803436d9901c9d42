/**
 * Markdown → HTML for the resource articles, with `marked`. The articles are Grove's own files, but
 * the output goes into the page as HTML, so it is made safe whatever a file holds:
 * - raw HTML in the Markdown is shown as text (the `html` renderer escapes it), never passed through;
 * - links keep only http(s) addresses and relative ones (a path, `?query` or `#anchor`); any other
 *   scheme (javascript:, data:, mailto:…), a scheme-relative `//host` or an address holding a
 *   character reference (`&#x61;`) leaves just the link text;
 * - outside (http/https) links open in a new tab with rel="noopener noreferrer" and say so;
 * - images are left out (their alt text stays): no picture loads from elsewhere;
 * - headings start at level 2, under the page's one h1 (the article's title).
 * `{support}`, `{gameDirections}` and `{community}` as a link target stand for the configured
 * outside addresses (lib/env.ts), which are not known when the article is written.
 */
import { Marked, type Tokens } from 'marked';

import type { ExternalLinks } from '../../lib/env.ts';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

export type SafeLink = { kind: 'external' | 'internal'; href: string };

const PLACEHOLDER = /^\{(support|gameDirections|community)\}$/;
/** A character reference (`&#x61;`, `&colon;`): no article needs one in an address, and it can hide a scheme. */
const CHARACTER_REFERENCE = /&(?:#x?[\da-f]+;?|[a-z][a-z\d]*;)/i;
const SCHEME = /^([a-z][a-z\d+.-]*):/i;

/**
 * Where a Markdown link may point, or null when it may not: http(s) addresses are outside links;
 * a path, query or anchor stays in the portal. Spaces and control characters are removed first,
 * as a browser would ignore them ("java\tscript:").
 */
export function safeLink(href: string, links?: Readonly<ExternalLinks>): SafeLink | null {
  const placeholder = PLACEHOLDER.exec(href.trim());
  if (placeholder) {
    const target = links?.[placeholder[1] as keyof ExternalLinks];
    return target ? safeLink(target) : null;
  }
  if (/^\s*\{/.test(href) || CHARACTER_REFERENCE.test(href)) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed.
  const cleaned = href.replace(/[\u0000-\u0020\u007f-\u009f\u00a0\u2028\u2029]/g, '');
  if (cleaned === '') return null;
  const scheme = SCHEME.exec(cleaned)?.[1]?.toLowerCase();
  if (scheme !== undefined) {
    if (scheme !== 'http' && scheme !== 'https') return null;
    try {
      const url = new URL(cleaned);
      return url.hostname === '' || url.username !== '' || url.password !== ''
        ? null
        : { kind: 'external', href: url.href };
    } catch {
      return null;
    }
  }
  // No scheme: a relative address, but not a scheme-relative one (//host, /\host, \\host).
  if (/^[/\\]{2}/.test(cleaned) || cleaned.startsWith('\\')) return null;
  // A colon before any / ? # would read as a scheme in a browser ("&#106;avascript:" decoded).
  if (/^[^/?#]*:/.test(cleaned)) return null;
  return { kind: 'internal', href: cleaned };
}

function createRenderer(links: Readonly<ExternalLinks> | undefined): Marked {
  return new Marked({
    gfm: true,
    breaks: false,
    async: false,
    renderer: {
      html({ text }: Tokens.HTML | Tokens.Tag): string {
        return escapeHtml(text);
      },
      heading({ tokens, depth }: Tokens.Heading): string {
        const level = Math.min(6, Math.max(2, depth));
        return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
      link({ href, title, tokens }: Tokens.Link): string {
        const text = this.parser.parseInline(tokens);
        const target = safeLink(href, links);
        if (!target) return text;
        const titleAttribute = title ? ` title="${escapeHtml(title)}"` : '';
        if (target.kind === 'internal') return `<a href="${escapeHtml(target.href)}"${titleAttribute}>${text}</a>`;
        return (
          `<a href="${escapeHtml(target.href)}"${titleAttribute} target="_blank" rel="noopener noreferrer">` +
          `${text}<span class="visually-hidden"> (opens in a new tab)</span></a>`
        );
      },
      image({ text }: Tokens.Image): string {
        return escapeHtml(text);
      },
    },
  });
}

const renderers = new Map<Readonly<ExternalLinks> | undefined, Marked>();

/** The article's Markdown as safe HTML; `links` fills in the `{support}`-style link targets. */
export function renderMarkdown(source: string, links?: Readonly<ExternalLinks>): string {
  let renderer = renderers.get(links);
  if (!renderer) {
    renderer = createRenderer(links);
    renderers.set(links, renderer);
  }
  return renderer.parse(source, { async: false });
}
