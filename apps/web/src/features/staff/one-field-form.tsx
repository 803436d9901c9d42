/**
 * What the staff area's one-field forms share (a new tag, a new note): the text, a check made
 * before sending, the send with its busy state, and the message under the field — the server's own
 * for that field (a 400's `{ field: [message] }`), else the failure's text.
 */
import { useState } from 'react';

import { ApiError } from '../../lib/api-client.ts';

/** The server's first message for `field`, else the failure's text. */
export function fieldMessage(error: unknown, field: string): string {
  if (error instanceof ApiError && error.body && typeof error.body === 'object') {
    const messages = (error.body as Record<string, unknown>)[field];
    if (Array.isArray(messages) && typeof messages[0] === 'string') return messages[0];
  }
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/**
 * The state of a one-field form: `submit` runs `check` (a message stops it), then `send`; the
 * field empties when the send succeeds and shows `fieldMessage(failure, field)` when it fails.
 */
export function useOneFieldForm({
  field,
  check,
  send,
}: {
  field: string;
  check: (text: string) => string | null;
  send: (text: string) => Promise<void>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const problem = check(text);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      await send(text);
      setText('');
    } catch (failure) {
      setError(fieldMessage(failure, field));
    } finally {
      setBusy(false);
    }
  };
  return { text, setText, error, busy, submit };
}

/** The aria attributes of the field's control: invalid and described by the message while there is one. */
export function fieldErrorAria(id: string, error: string | null) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}

/** The message under the field, announced when it appears. */
export function FieldError({ id, error }: { id: string; error: string | null }) {
  return error ? (
    <span className="field__issue field__issue--error" id={`${id}-error`} role="alert">
      {error}
    </span>
  ) : null;
}
