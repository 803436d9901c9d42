/**
 * Writes packages/domain/src/api/endpoints/<contract file>.ts: every endpoint of the API contract by
 * its name in the contract (`playersApi.list`), as its method and path typed by the endpoint,
 * without its schemas, so that the web calls endpoints (never URLs) and no Zod reaches its bundle.
 *
 *   npm run generate:endpoints        (re)writes the folder
 *   endpoints.test.ts                 fails when a file is not what the contract says
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import type { Endpoint } from '../src/api/common.ts';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/api');
export const ENDPOINTS_DIR = path.join(API_DIR, 'endpoints');
/** Files beside the contract that hold no endpoints of their own. */
const NOT_CONTRACT = new Set(['common.ts', 'endpoint-ref.ts']);

const camel = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'url' in value && 'schema' in value;

/** The object literal of one contract group, endpoints replaced by their references. */
function refs(value: Record<string, unknown>, typePath: string, indent: string): string {
  const lines = Object.entries(value).map(([key, child]) => {
    const childPath = `${typePath}.${key}`;
    if (isEndpoint(child))
      return `${indent}  ${key}: ref<typeof ${childPath}>(${JSON.stringify(child.method)}, ${JSON.stringify(child.url)}),`;
    if (typeof child === 'object' && child !== null)
      return `${indent}  ${key}: ${refs(child as Record<string, unknown>, childPath, `${indent}  `)},`;
    throw new Error(`${childPath} is neither an endpoint nor a group of endpoints`);
  });
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** The files of endpoints.ts's folder, by name, as the contract says they should read. */
export async function renderEndpoints(): Promise<Map<string, string>> {
  const files = fs
    .readdirSync(API_DIR)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !NOT_CONTRACT.has(name))
    .sort();
  const rendered = new Map<string, string>();
  const config = await prettier.resolveConfig(path.join(ENDPOINTS_DIR, 'x.ts'));
  for (const file of files) {
    const module = (await import(path.join(API_DIR, file))) as Record<string, unknown>;
    const names = Object.keys(module).filter((name) => /Api$/.test(name) && typeof module[name] === 'object');
    if (names.length === 0) continue;
    // A namespace of its own: the references take the contract's names (`playersApi`).
    const contract = `${camel(file.replace(/\.ts$/, ''))}Contract`;
    const groups = names.map(
      (name) => `export const ${name} = ${refs(module[name] as Record<string, unknown>, `${contract}.${name}`, '')};`,
    );
    const source = `/**
 * The endpoints of packages/domain/src/api/${file} under their contract names, as their method and
 * path typed by the endpoint they stand for: the web calls them (\`call(${names[0]}.…, { params })\`).
 * Only types come from the contract, so no Zod reaches the web's bundle; one file per contract
 * file, so a page bundles the groups it calls and no others.
 *
 * Generated from the contract by \`npm run generate:endpoints\` (packages/domain/scripts/endpoints.ts);
 * do not edit: the domain's tests fail when this file is not what the contract says.
 */
import { ref } from '../endpoint-ref.ts';
import type * as ${contract} from '../${file}';

${groups.join('\n\n')}
`;
    rendered.set(file, await prettier.format(source, { ...config, filepath: path.join(ENDPOINTS_DIR, file) }));
  }
  return rendered;
}

/** The generated files that are not what the contract says (missing, different or left over). */
export async function staleEndpointFiles(): Promise<string[]> {
  const rendered = await renderEndpoints();
  const present = fs.existsSync(ENDPOINTS_DIR) ? fs.readdirSync(ENDPOINTS_DIR) : [];
  const stale = [...rendered].filter(
    ([file, text]) => !present.includes(file) || fs.readFileSync(path.join(ENDPOINTS_DIR, file), 'utf8') !== text,
  );
  return [...stale.map(([file]) => file), ...present.filter((file) => !rendered.has(file))].sort();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rendered = await renderEndpoints();
  fs.rmSync(ENDPOINTS_DIR, { recursive: true, force: true });
  fs.mkdirSync(ENDPOINTS_DIR, { recursive: true });
  for (const [file, text] of rendered) fs.writeFileSync(path.join(ENDPOINTS_DIR, file), text);
  console.log(`wrote ${rendered.size} files in ${path.relative(process.cwd(), ENDPOINTS_DIR)}`);
}
