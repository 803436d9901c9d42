/**
 * The small front matter of a resource article: a block of `key: value` lines between two `---`
 * lines at the very top of the file. No YAML: one key per line, the value is the rest of the line
 * (it may hold colons), optionally in matching single or double quotes. Blank lines and lines
 * starting with `#` inside the block are skipped. A file without the opening `---` has no front
 * matter; anything else that is not well formed throws, naming the line, so a broken article fails
 * the build's tests rather than showing up half-empty.
 */

export type FrontMatter = Readonly<Record<string, string>>;
export type ParsedDocument = { data: FrontMatter; body: string };

export class FrontMatterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FrontMatterError';
  }
}

const FENCE = '---';
const KEY = /^[A-Za-z][\w-]*$/;

function unquote(value: string): string {
  const first = value[0];
  if (value.length >= 2 && (first === '"' || first === "'") && value.at(-1) === first) return value.slice(1, -1);
  return value;
}

export function parseFrontMatter(source: string): ParsedDocument {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lines = text.split('\n');
  if (lines[0]?.trimEnd() !== FENCE) return { data: {}, body: text };

  const close = lines.findIndex((line, index) => index > 0 && line.trimEnd() === FENCE);
  if (close === -1) throw new FrontMatterError('The front matter has no closing --- line.');

  const data: Record<string, string> = {};
  for (let index = 1; index < close; index++) {
    const line = lines[index]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    const colon = line.indexOf(':');
    if (colon === -1) throw new FrontMatterError(`Line ${index + 1} is not "key: value": ${line}`);
    const key = line.slice(0, colon).trim();
    if (!KEY.test(key)) throw new FrontMatterError(`Line ${index + 1} has an invalid key: ${key || '(empty)'}`);
    if (Object.hasOwn(data, key)) throw new FrontMatterError(`Line ${index + 1} repeats the key ${key}.`);
    data[key] = unquote(line.slice(colon + 1).trim());
  }

  const body = lines
    .slice(close + 1)
    .join('\n')
    .replace(/^\n+/, '');
  return { data, body };
}
