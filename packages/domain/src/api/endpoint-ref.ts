/**
 * What the generated endpoint files (api/endpoints/*.ts) are made of: an endpoint's method and path,
 * typed by the contract's endpoint through a type-only import. No Zod: the web bundles these.
 */
import type { EndpointRef, Method } from './common.ts';

export const ref = <E extends EndpointRef['endpoint']>(method: Method, url: string) =>
  ({ method, url }) as EndpointRef<NonNullable<E>>;
