/**
 * README.txt of an export: what the files are, what each table holds, and what is left out and
 * why, in plain words (docs/decisions/0038). The lists come from the catalogue
 * (exports.repository.ts), so the file always says what the export did.
 */
import { EXPORTED_TABLES, NOT_EXPORTED } from './exports.repository.ts';

export interface ReadmeFacts {
  /** "Maya's data" or "your family's data (account 12)". */
  what: string;
  scope: 'player' | 'account';
  /** When it was made, formatted in the family's time zone. */
  madeAt: string;
  /** The tables written, with their rows, in data.json's order. */
  rowCounts: Readonly<Record<string, number>>;
  /** CSV files: file name → table. */
  csvFiles: Readonly<Record<string, string>>;
}

const wrap = (text: string, indent = ''): string => {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > 96 - indent.length) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(indent + line);
  return lines.join('\n');
};

export function readme(facts: ReadmeFacts): string {
  const written = EXPORTED_TABLES.filter((table) => table.name in facts.rowCounts);
  const skipped = EXPORTED_TABLES.filter((table) => !(table.name in facts.rowCounts));
  const parts: string[] = [
    'YOUR GROVE DATA',
    '',
    wrap(
      `This is a copy of everything Grove holds about ${facts.what}, made on ${facts.madeAt}. It is yours: ` +
        'keep it somewhere safe, since it holds your family’s personal and health-related information.',
    ),
    '',
    'THE FILES',
    '',
    wrap(
      'data.json — everything, in JSON (a text format most programs and spreadsheet tools can read). ' +
        'It has one list per kind of record, named after the table Grove keeps it in, with one entry per ' +
        'record and the same field names as in Grove’s database.',
    ),
  ];
  for (const [fileName, table] of Object.entries(facts.csvFiles)) {
    parts.push(
      wrap(
        `${fileName} — the same records as "${table}" in data.json, as a spreadsheet (CSV) with a header ` +
          'row, and the player’s name in the first column.',
      ),
    );
  }
  parts.push(
    wrap('README.txt — this explanation.'),
    '',
    wrap(
      'Times are written in UTC (for example 2025-03-14T17:05:00.000Z). Records point to each other by id: ' +
        'a player_id is the id of a player in "players", a user_id the id of a person in "users". Heart rates ' +
        'are in beats per minute, durations in seconds, amounts of money in cents.',
    ),
    '',
    'WHAT IS IN IT',
    '',
  );
  for (const table of written) {
    const rows = facts.rowCounts[table.name] ?? 0;
    parts.push(wrap(`${table.name} (${rows} ${rows === 1 ? 'record' : 'records'}): ${table.about}`));
  }
  parts.push('', 'WHAT IS LEFT OUT, AND WHY', '');
  parts.push(
    wrap(
      'Grove leaves out secrets (things that say nothing about your family but would make this file ' +
        'dangerous if someone else got hold of it), copies of what is already here, and what belongs to others:',
    ),
    '',
  );
  for (const table of written) {
    for (const [column, reason] of Object.entries(table.leftOut)) {
      parts.push(wrap(`${table.name}.${column}: ${reason}`));
    }
  }
  parts.push('', wrap('These records are not copied at all:'), '');
  for (const [table, reason] of Object.entries(NOT_EXPORTED)) parts.push(wrap(`${table}: ${reason}`));
  if (facts.scope === 'player' && skipped.length > 0) {
    parts.push(
      '',
      wrap(
        'This copy is about one player. A copy of the whole account (from the same page) adds the account, ' +
          `its people, billing, messages and the rest: ${skipped.map((table) => table.name).join(', ')}.`,
      ),
    );
  }
  parts.push(
    '',
    wrap(
      'Questions, or something you want corrected or deleted? Write to support from your account, or delete ' +
        'data yourself under Account → Privacy.',
    ),
    '',
  );
  return parts.join('\n');
}
