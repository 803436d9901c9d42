/** Query parameters that carry secrets (one-time link tokens); their values never reach the logs. */
const SECRET_PARAMS = ['o', 'token', 'access_token', 'refresh_token', 'code'];

/** A clinician's share link carries its token in the path: /shared/<token> and /api/v1/shared/<token>. */
const SHARED_PATH = /(\/shared\/)[^/?#]+/;

/** The URL as logged: secret query values, and a share link's token, replaced by '[redacted]'. */
export function redactUrl(path: string): string {
  const url = path.includes('/shared/') ? path.replace(SHARED_PATH, '$1[redacted]') : path;
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
