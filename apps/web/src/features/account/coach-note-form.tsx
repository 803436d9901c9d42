/**
 * The family's note to its coach: read before each call. While there is a note it is an
 * edit_save_delete_cancel form (SPEC §4): Edit, then Save, Cancel, or Delete — which asks first and
 * clears the note (a blank note is no note). Without a note there is nothing to delete: Edit, Save, Cancel.
 */
import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { CUSTOM_NOTE_MAX, type FieldRule } from '@grove/domain';

import { AccountCard } from '../../components/account-card.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { GroveForm, type FormFieldConfig } from '../../components/form/grove-form.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { accountDetailQuery, accountKeys } from '../../lib/queries/account.ts';
import { customNoteQuery, setCustomNote } from './account.api.ts';
import { formatDateTime } from '../../lib/format.ts';

/** Any text, blank included: the length is held by the field, the rest by the server. */
const RULES: Readonly<Record<string, FieldRule>> = { custom_note: () => null };

export function CoachNoteForm({ accountId, timeZone }: { accountId: number; timeZone: string | null }) {
  const { t } = useLingui();
  const fields = useMemo<readonly FormFieldConfig[]>(() => {
    const max = CUSTOM_NOTE_MAX;
    return [
      {
        name: 'custom_note',
        label: t`Note`,
        kind: 'textarea',
        maxLength: CUSTOM_NOTE_MAX,
        hint: t`Anything that helps your coach: routines, what works, what to avoid. Up to ${max} characters.`,
      },
    ];
  }, [t]);
  const title = t`Note to your coach`;
  const queryClient = useQueryClient();
  const query = useQuery(customNoteQuery(accountId));
  const account = useQuery(accountDetailQuery(accountId));
  const mutation = useMutation({
    mutationFn: (note: string) => setCustomNote(accountId, note),
    onSuccess: (answer) => queryClient.setQueryData(accountKeys.customNote(accountId), answer),
    meta: { errorTitle: t`Saving the note to your coach` },
  });

  if (query.isPending || query.isError) {
    return (
      <AccountCard title={title}>
        {query.isPending ? (
          <Spinner label={t`Loading the note to your coach…`} />
        ) : (
          <LoadError what={t`the note to your coach`} onRetry={query.refetch} />
        )}
      </AccountCard>
    );
  }

  const note = query.data;

  const coach = account.data?.coach_user?.name;
  const reads = coach
    ? t`${coach}, your coach, reads this before each call.`
    : t`Your coach reads this before each call.`;
  let description = reads;
  if (note.updated_at && note.updated_by) {
    const who = note.updated_by.name;
    const when = formatDateTime(note.updated_at, timeZone);
    description = t`${reads} Last changed by ${who} on ${when}.`;
  }
  return (
    <GroveForm
      type={note.custom_note.trim() === '' ? 'edit_save_cancel' : 'edit_save_delete_cancel'}
      title={title}
      description={description}
      fields={fields}
      values={{ custom_note: note.custom_note }}
      rules={RULES}
      onSubmit={(values) => mutation.mutateAsync(values.custom_note ?? '')}
      confirmDelete={{
        title: t`Delete the note to your coach?`,
        body: (
          <p>
            <Trans>Your coach will no longer see it before your calls. You can write a new one at any time.</Trans>
          </p>
        ),
        confirmLabel: t`Delete the note`,
      }}
      onDelete={() => mutation.mutateAsync('')}
    />
  );
}
