/** An account's tags (issue 14 §10): add one, remove one after a confirmation naming it. */
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_LIMITS, ADMIN_MESSAGES, TAG_PATTERN } from '@grove/domain/admin';
import type { adminApi } from '@grove/domain/api/admin';
import type { Reply } from '@grove/domain/api/common';

import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { addTag, adminKeys, removeTag } from './admin.api.ts';
import { FieldError, fieldErrorAria, useOneFieldForm } from './one-field-form.tsx';

type AdminAccount = Reply<typeof adminApi.account>;

export function AccountTags({ account }: { account: AdminAccount }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [removing, setRemoving] = useState<string | null>(null);

  const putTags = (tags: string[]) => {
    queryClient.setQueryData<AdminAccount>(adminKeys.detail(account.id), (current) =>
      current ? { ...current, tags } : current,
    );
    void queryClient.invalidateQueries({ queryKey: adminKeys.tags() });
  };

  const form = useOneFieldForm({
    field: 'tag',
    check: (text) => {
      const value = text.trim();
      if (value === '') return 'Type a tag to add.';
      if ([...value].length > ADMIN_LIMITS.tagMax) return ADMIN_MESSAGES.tagTooLong;
      if (!TAG_PATTERN.test(value)) return ADMIN_MESSAGES.tagInvalid;
      return null;
    },
    send: async (text) => putTags((await addTag(account.id, text.trim())).tags),
  });

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
          void form.submit();
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor={id}>
            New tag
          </label>
          <input
            id={id}
            className="input"
            value={form.text}
            maxLength={ADMIN_LIMITS.tagMax + 10}
            {...fieldErrorAria(id, form.error)}
            onChange={(event) => form.setText(event.target.value)}
          />
          <FieldError id={id} error={form.error} />
        </div>
        <Button type="submit" variant="secondary" loading={form.busy}>
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
