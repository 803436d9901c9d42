/**
 * The program plan tag of checkout (SPEC §2): from the address (`tag`), else the stored one, else
 * 'default'; stored on entry so that a family coming back finds the offer they started with, and
 * again whenever they choose a plan (decision 0046), so that the choice survives a reload.
 */
import { STORAGE_KEYS, readStored, writeStored } from '../../lib/storage.ts';

export const DEFAULT_PLAN_TAG = 'default';

export function resolvePlanTag(fromAddress: string | null | undefined): string {
  const tag = fromAddress?.trim() || readStored(STORAGE_KEYS.programPlanTag)?.trim() || DEFAULT_PLAN_TAG;
  storePlanTag(tag);
  return tag;
}

/** Keeps the tag of the plan the family chose. */
export function storePlanTag(tag: string): void {
  writeStored(STORAGE_KEYS.programPlanTag, tag);
}
