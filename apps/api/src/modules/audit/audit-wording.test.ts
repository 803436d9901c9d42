/**
 * Every audited staff write has a wording in the readable history (packages/domain
 * audit-history.ts, issue 26 item 4): the entities of the audit specs (audit.specs.ts) and of the
 * specs routes write inline. A new spec without a wording fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_WORDINGS } from '@grove/domain/audit-history';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import * as specs from './audit.specs.ts';

const MODULES = join(import.meta.dirname, '..');

/** The entity names routes give their inline audit specs (`entity: '…'`, pairing's `audited('…')`). */
function inlineEntities(): string[] {
  const found: string[] = [];
  for (const module of readdirSync(MODULES)) {
    let files: string[];
    try {
      files = readdirSync(join(MODULES, module)).filter((file) => file.endsWith('.routes.ts'));
    } catch {
      continue;
    }
    for (const file of files) {
      const source = readFileSync(join(MODULES, module, file), 'utf8');
      for (const match of source.matchAll(/entity: '([a-z_]+)'|audited\('([a-z_]+)'\)/g)) {
        found.push((match[1] ?? match[2])!);
      }
    }
  }
  return found;
}

describe('the wording of audited staff writes', () => {
  it('covers every audit spec of audit.specs.ts', () => {
    const factories = Object.values(specs) as ((db: Db, columns: string[]) => { entity: string })[];
    const entities = factories.map((factory) => factory({} as Db, []).entity);
    expect(entities.length).toBeGreaterThanOrEqual(6);
    expect(entities.filter((entity) => !(entity in AUDIT_WORDINGS))).toEqual([]);
  });

  it('covers the specs routes write inline (notes, tags, shipping, pairing, share links)', () => {
    const entities = inlineEntities();
    expect(entities).toEqual(expect.arrayContaining(['note', 'shipping', 'device_pairing', 'share_link']));
    expect(entities.filter((entity) => !(entity in AUDIT_WORDINGS))).toEqual([]);
  });
});
