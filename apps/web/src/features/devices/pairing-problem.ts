/**
 * Where the Connect a tablet page shows a refused pairing call: a code's refusal on the code field,
 * a name's on the name field, anything else (429 "too many wrong codes", a refused account, no
 * connection) in a message above the buttons. A screen's own state, not an answer of the API.
 */
import { t } from '@lingui/core/macro';

import { ApiError } from '../../lib/api-client.ts';

/** Where a refusal is shown: on the code field, on the name field, or above the buttons (null). */
export interface PairingProblem {
  field: 'user_code' | 'name' | null;
  message: string;
}

/**
 * A refused call in a parent's words: a 400's field messages go to their field (the code first);
 * a `detail` (429 with its wait, 403, 404) or a 400's non-field messages go above the buttons.
 */
export function pairingProblem(error: unknown): PairingProblem {
  if (error instanceof ApiError) {
    const fields = error.fieldErrors;
    for (const field of ['user_code', 'name'] as const) {
      const messages = fields[field];
      if (messages?.length) return { field, message: messages.join(' ') };
    }
    const general = [...error.nonFieldErrors, ...Object.values(fields).flat()];
    return { field: null, message: general.length > 0 ? [...new Set(general)].join(' ') : error.message };
  }
  return { field: null, message: error instanceof Error ? error.message : t`Something went wrong. Please try again.` };
}
