/**
 * The Spanish articles (issue 29): the English ones (../<slug>.md) in Spanish, same slugs, bundled
 * together into the chunk a Spanish page loads when it first shows Resources (articles.ts).
 */
export const ARTICLE_FILES: Readonly<Record<string, string>> = import.meta.glob<string>('./*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});
