import {
  DEFAULT_COUNTRY,
  makeShippingPatchSchema,
  toFieldErrors,
  validateAddress,
  validateAddressOptional,
} from '@grove/domain';
import type { ShippingAnswer, ShippingPatch } from '@grove/domain/api/user';
import type { Db } from '../../db/client.ts';
import { unauthorized, ValidationError } from '../../lib/errors.ts';
import {
  findShipping,
  findUserProfile,
  latestConfirmedOrderShipping,
  upsertShipping,
  type AddressFields,
} from './user.repository.ts';
import { toUserInfo } from './user.service.ts';

const EMPTY: AddressFields = { address1: '', address2: '', city: '', state: '', zipcode: '', country: DEFAULT_COUNTRY };

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The address a person edits: their own (user_shipping), else the shipping address of their
 * account's latest confirmed order, else empty fields; the country is the default one when none.
 */
async function currentAddress(db: Db, userId: number, accountId: number | null) {
  const stored = await findShipping(db, userId);
  if (stored) {
    const { userId: _user, updatedAt, ...address } = stored;
    return { address: { ...address, country: address.country || DEFAULT_COUNTRY }, updatedAt };
  }
  const ordered = accountId === null ? null : await latestConfirmedOrderShipping(db, accountId);
  if (!ordered) return { address: EMPTY, updatedAt: null };
  // An old order's stored address may lack a field: each is read as unknown.
  const fields: { readonly [K in keyof typeof ordered]?: unknown } = ordered;
  return {
    address: {
      address1: textOf(fields.address_1),
      address2: textOf(fields.address_2),
      city: textOf(fields.city),
      state: textOf(fields.state),
      zipcode: textOf(fields.zipcode),
      country: textOf(fields.country) || DEFAULT_COUNTRY,
    },
    updatedAt: null,
  };
}

/** Warnings that do not block saving: a PO Box (SPEC §5). */
function warningsOf(address: AddressFields): Record<string, string[]> {
  const warnings: Record<string, string[]> = {};
  const one = validateAddress(address.address1);
  if (one?.severity === 'warning') warnings.address_1 = [one.message];
  const two = validateAddressOptional(address.address2);
  if (two?.severity === 'warning') warnings.address_2 = [two.message];
  return warnings;
}

const toWire = (address: AddressFields) => ({
  address_1: address.address1,
  address_2: address.address2,
  city: address.city,
  state: address.state,
  zipcode: address.zipcode,
  country: address.country,
});

async function profileOf(db: Db, userId: number) {
  const profile = await findUserProfile(db, userId);
  if (!profile) throw unauthorized();
  return profile;
}

export async function getShipping(db: Db, userId: number): Promise<ShippingAnswer> {
  const profile = await profileOf(db, userId);
  const { address, updatedAt } = await currentAddress(db, userId, profile.account?.id ?? null);
  return {
    ...toWire(address),
    warnings: warningsOf(address),
    updated_at: updatedAt ? updatedAt.toISOString() : null,
    user: toUserInfo(profile),
  };
}

/**
 * PATCH /api/v2/user/shipping/: the fields sent are checked with the shared address rules against
 * the current address (a new state against the stored country, a new country re-checks the stored
 * state), then stored in one statement (INSERT … ON CONFLICT (user_id) DO UPDATE). A PO Box is
 * saved, with a warning in the answer.
 */
export async function patchShipping(db: Db, userId: number, body: ShippingPatch): Promise<ShippingAnswer> {
  const profile = await profileOf(db, userId);
  const { address } = await currentAddress(db, userId, profile.account?.id ?? null);
  const parsed = makeShippingPatchSchema(toWire(address)).safeParse(body);
  if (!parsed.success) throw new ValidationError(toFieldErrors(parsed.error));
  const sent = {
    address1: parsed.data.address_1,
    address2: parsed.data.address_2,
    city: parsed.data.city,
    state: parsed.data.state,
    zipcode: parsed.data.zipcode,
    country: parsed.data.country,
  };
  const changed = Object.fromEntries(
    Object.entries(sent).filter(([, value]) => value !== undefined),
  ) as Partial<AddressFields>;
  if (Object.keys(changed).length === 0) return getShipping(db, userId);
  const stored = await upsertShipping(db, userId, { ...address, ...changed }, changed, new Date());
  const { userId: _user, updatedAt, ...saved } = stored;
  return {
    ...toWire(saved),
    warnings: warningsOf(saved),
    updated_at: updatedAt.toISOString(),
    user: toUserInfo(profile),
  };
}
