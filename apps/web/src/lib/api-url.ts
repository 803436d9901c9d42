/**
 * The address of an API call: the API base (lib/env.ts), the endpoint's path with its parameters,
 * and the query. Apart from the client (api-client.ts) so that the page's entry can send its early
 * reads (early-reads.ts) without loading the client.
 */
import type { EndpointRef } from '@grove/domain/api/common';

import { API_BASE } from './env.ts';

export type QueryValue = string | number | boolean | null | undefined;

/** The URL of `path` (relative to the API base) with the query's set values. */
export function buildUrl(path: string, query: Readonly<Record<string, QueryValue>> | undefined): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

/**
 * The path of an endpoint for the API base: the contract's path without its `/api` prefix, each
 * `:name` replaced by its parameter (URI-encoded). A missing parameter is a programming error.
 */
export function endpointPath(ref: EndpointRef, params: object | undefined): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return ref.url.replace(/^\/api(?=\/)/, '').replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') throw new Error(`${ref.url}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
