/**
 * Writes packages/domain/src/api/endpoints.ts: every endpoint of the API contract by its name in
 * the contract (`playersApi.list`), as its method and path typed by the endpoint, without its
 * schemas, so that the web calls endpoints (never URLs) and no Zod reaches its bundle.
 *
 *   npm run generate:endpoints        (re)writes the file
 *   endpoints.test.ts                 fails when the file is not what the contract says
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import type { Endpoint } from '../src/api/common.ts';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/api');
export const ENDPOINTS_FILE = path.join(API_DIR, 'endpoints.ts');
/** Contract files that hold no endpoints of their own. */
const NOT_CONTRACT = new Set(['common.ts', 'endpoints.ts']);

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

export async function renderEndpoints(): Promise<string> {
  const files = fs
    .readdirSync(API_DIR)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !NOT_CONTRACT.has(name))
    .sort();
  const imports: string[] = [];
  const groups: string[] = [];
  for (const file of files) {
    const module = (await import(path.join(API_DIR, file))) as Record<string, unknown>;
    const names = Object.keys(module).filter((name) => /Api$/.test(name) && typeof module[name] === 'object');
    if (names.length === 0) continue;
    // A namespace of its own: the references take the contract's names (`playersApi`).
    const contract = `${camel(file.replace(/\.ts$/, ''))}Contract`;
    imports.push(`import type * as ${contract} from './${file}';`);
    for (const name of names)
      groups.push(
        `export const ${name} = ${refs(module[name] as Record<string, unknown>, `${contract}.${name}`, '')};`,
      );
  }
  const source = `/**
 * Every endpoint of the API contract under its contract name, as its method and path typed by the
 * endpoint it stands for: the web calls these with \`call(playersApi.list, { params, query })\`.
 * Only types come from the contract's modules, so no Zod reaches the web's bundle, and each group
 * is its own export, so a page bundles the groups it calls.
 *
 * Generated from the contract by \`npm run generate:endpoints\` (packages/domain/scripts/endpoints.ts);
 * do not edit: the domain's tests fail when this file is not what the contract says.
 */
import type { EndpointRef, Method } from './common.ts';
${imports.join('\n')}

const ref = <E extends EndpointRef['endpoint']>(method: Method, url: string) =>
  ({ method, url }) as EndpointRef<NonNullable<E>>;

${groups.join('\n\n')}
`;
  const config = await prettier.resolveConfig(ENDPOINTS_FILE);
  return prettier.format(source, { ...config, filepath: ENDPOINTS_FILE });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(ENDPOINTS_FILE, await renderEndpoints());
  console.log(`wrote ${path.relative(process.cwd(), ENDPOINTS_FILE)}`);
}
