/**
 * The start-up banner lists every demo login of the README's Quick start table, with who each is,
 * and no other (decision 0047): the README and the seed cannot disagree again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../config.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, demoLoginLines } from './demo-logins.ts';

/** The rows of the first table under '## Quick start' in README.md: email and who, without Markdown code marks. */
function readmeLogins(): { email: string; who: string }[] {
  const readme = fs.readFileSync(path.join(ROOT_DIR, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith('Quick start'));
  if (!section) throw new Error('README.md has no "## Quick start" section');
  const cells = (line: string) =>
    line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((cell) => cell.trim().replace(/`/g, ''));
  const rows = section
    .split('\n')
    .filter((line) => line.trim().startsWith('|'))
    .map(cells);
  const [header, rule, ...body] = rows;
  expect(header).toEqual(['email', 'who']);
  expect(rule?.every((cell) => /^:?-+:?$/.test(cell))).toBe(true);
  return body.map(([email = '', who = '']) => ({ email, who }));
}

describe('the demo logins of the start-up banner', () => {
  const readme = readmeLogins();

  it('the README lists fourteen logins with the demo password', () => {
    expect(readme).toHaveLength(14);
    const text = fs.readFileSync(path.join(ROOT_DIR, 'README.md'), 'utf8');
    expect(text).toContain(`\`${DEMO_PASSWORD}\``);
  });

  it('lists every login of the README, each on its own line with who it is', () => {
    const lines = demoLoginLines();
    expect(lines[0]).toContain(DEMO_PASSWORD);
    for (const login of readme) {
      const line = lines.find((candidate) => candidate.trim().startsWith(`${login.email} `));
      expect(line, login.email).toBeDefined();
      expect(line!.slice(line!.indexOf(login.email) + login.email.length).trim(), login.email).toBe(login.who);
    }
  });

  it('lists no login the README does not, in the README’s order', () => {
    expect(DEMO_LOGINS.map((login) => login.email)).toEqual(readme.map((login) => login.email));
    expect(demoLoginLines()).toHaveLength(readme.length + 1);
  });

  it('stays readable: one line per login, the descriptions aligned in one column', () => {
    const lines = demoLoginLines().slice(1);
    const column = (line: string) =>
      line.search(/\S+@example\.com\s+\S/) + line.match(/\S+@example\.com\s+/)![0].length;
    expect(new Set(lines.map(column)).size).toBe(1);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(110);
  });
});
