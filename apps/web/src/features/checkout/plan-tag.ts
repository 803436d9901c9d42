/**
 * The program plan tag of checkout (SPEC §2): from the address (`tag`), else the stored one, else
 * 'default'; stored on entry so that a family coming back finds the offer they started with.
 */
import { STORAGE_KEYS, readStored, writeStored } from '../../lib/storage.ts';

export const DEFAULT_PLAN_TAG = 'default';

export function resolvePlanTag(fromAddress: string | null | undefined): string {
  const tag = fromAddress?.trim() || readStored(STORAGE_KEYS.programPlanTag)?.trim() || DEFAULT_PLAN_TAG;
  writeStored(STORAGE_KEYS.programPlanTag, tag);
  return tag;
}
