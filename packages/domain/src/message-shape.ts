/**
 * The shape of an ICU message (Lingui's catalogs, web and API): its arguments ({name},
 * {count, plural, …} with its cases) and its tags (<0>, </0>), sorted. A translation must have
 * the shape of its English; the catalog checks (apps/web/src/locales/catalogs.test.ts,
 * apps/api/src/locales/catalogs.test.ts) compare them.
 */
import { parse, type Token } from '@messageformat/parser';

export function shapeOf(message: string): string[] {
  const found: string[] = [];
  const visit = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument') found.push(`{${token.arg}}`);
      else if (token.type === 'function') found.push(`{${token.arg}, ${token.key}}`);
      else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        found.push(`{${token.arg}, ${token.type}: ${token.cases.map((c) => c.key).join(' ')}}`);
        // Each case may word the rest differently, but names the same values.
        const inner = new Set<string>();
        for (const c of token.cases) {
          const before = found.length;
          visit(c.tokens);
          for (const item of found.splice(before)) inner.add(item);
        }
        found.push(...inner);
      } else if (token.type === 'content') found.push(...(token.value.match(/<\/?\d+\/?>/g) ?? []));
    }
  };
  visit(parse(message));
  return found.sort();
}
