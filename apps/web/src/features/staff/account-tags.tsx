/** An account's tags (issue 14 §10): add one, remove one after a confirmation naming it. */
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_LIMITS, ADMIN_MESSAGES, TAG_PATTERN } from '@grove/domain/admin';
import type { adminApi } from '@grove/domain/api/admin';
import type { Reply } from '@grove/domain/api/common';

import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { addTag, adminKeys, removeTag } from './admin.api.ts';

type AdminAccount = Reply<typeof adminApi.account>;

function fieldMessage(error: unknown, field: string): string {
  if (error instanceof ApiError && error.body && typeof error.body === 'object') {
    const messages = (error.body as Record<string, unknown>)[field];
    if (Array.isArray(messages) && typeof messages[0] === 'string') return messages[0];
  }
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

export function AccountTags({ account }: { account: AdminAccount }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [tag, setTag] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);

  const putTags = (tags: string[]) => {
    queryClient.setQueryData<AdminAccount>(adminKeys.detail(account.id), (current) =>
      current ? { ...current, tags } : current,
    );
    void queryClient.invalidateQueries({ queryKey: adminKeys.tags() });
  };

  const submit = async () => {
    const value = tag.trim();
    if (value === '') return setError('Type a tag to add.');
    if ([...value].length > ADMIN_LIMITS.tagMax) return setError(ADMIN_MESSAGES.tagTooLong);
    if (!TAG_PATTERN.test(value)) return setError(ADMIN_MESSAGES.tagInvalid);
    setBusy(true);
    setError(null);
    try {
      putTags((await addTag(account.id, value)).tags);
      setTag('');
    } catch (failure) {
      setError(fieldMessage(failure, 'tag'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card admin-section" aria-labelledby="admin-tags-title">
      <h2 className="card__title" id="admin-tags-title">
        Tags
      </h2>
      {account.tags.length === 0 ? (
        <p>No tags yet.</p>
      ) : (
        <ul className="admin-tags" aria-label="Tags of this account">
          {account.tags.map((name) => (
            <li key={name} className="admin-tag">
              {name}
              <button type="button" aria-label={`Remove the tag ${name}`} onClick={() => setRemoving(name)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="admin-inline-form"
        aria-label="Add a tag"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor={id}>
            New tag
          </label>
          <input
            id={id}
            className="input"
            value={tag}
            maxLength={ADMIN_LIMITS.tagMax + 10}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setTag(event.target.value)}
          />
          {error ? (
            <span className="field__issue field__issue--error" id={`${id}-error`} role="alert">
              {error}
            </span>
          ) : null}
        </div>
        <Button type="submit" variant="secondary" loading={busy}>
          Add tag
        </Button>
      </form>
      {removing ? (
        <ConfirmDialog
          title={`Remove the tag “${removing}”?`}
          confirmLabel="Remove tag"
          onConfirm={async () => putTags((await removeTag(account.id, removing)).tags)}
          onClose={() => setRemoving(null)}
          fallbackFocus={() => document.getElementById(id)}
        >
          <p>
            The account will no longer carry the tag <strong>{removing}</strong>.
            {removing.toLowerCase() === 'magellan' ? ' Its people stop being Magellan users.' : ''}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
