/** Query parameters that carry secrets (one-time link tokens); their values never reach the logs. */
const SECRET_PARAMS = ['o', 'token', 'access_token', 'refresh_token', 'code'];

/** The URL as logged: secret query values replaced by '[redacted]'. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  let changed = false;
  for (const name of SECRET_PARAMS) {
    if (params.has(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, query)}?${params.toString()}` : url;
}
