/**
 * The family's note to its coach: read before each call. While there is a note it is an
 * edit_save_delete_cancel form (SPEC §4): Edit, then Save, Cancel, or Delete — which asks first and
 * clears the note (a blank note is no note). Without a note there is nothing to delete: Edit, Save, Cancel.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CUSTOM_NOTE_MAX, formatDateTime, type FieldRule } from '@grove/domain';
import type { Account } from '@grove/domain/api/account';

import { AccountCard } from '../../components/account-card.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { GroveForm, type FormFieldConfig } from '../../components/form/grove-form.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { accountDetailQuery, accountKeys } from '../../lib/queries/account.ts';
import { customNoteQuery, setCustomNote } from './account.api.ts';

const TITLE = 'Note to your coach';

const FIELDS: readonly FormFieldConfig[] = [
  {
    name: 'custom_note',
    label: 'Note',
    kind: 'textarea',
    maxLength: CUSTOM_NOTE_MAX,
    hint: `Anything that helps your coach: routines, what works, what to avoid. Up to ${CUSTOM_NOTE_MAX} characters.`,
  },
];
/** Any text, blank included: the length is held by the field, the rest by the server. */
const RULES: Readonly<Record<string, FieldRule>> = { custom_note: () => null };

function coachWords(account: Account | undefined): string {
  return account?.coach_user
    ? `${account.coach_user.name}, your coach, reads this before each call.`
    : 'Your coach reads this before each call.';
}

export function CoachNoteForm({ accountId, timeZone }: { accountId: number; timeZone: string | null }) {
  const queryClient = useQueryClient();
  const query = useQuery(customNoteQuery(accountId));
  const account = useQuery(accountDetailQuery(accountId));
  const mutation = useMutation({
    mutationFn: (note: string) => setCustomNote(accountId, note),
    onSuccess: (answer) => queryClient.setQueryData(accountKeys.customNote(accountId), answer),
    meta: { errorTitle: 'Saving the note to your coach' },
  });

  if (query.isPending || query.isError) {
    return (
      <AccountCard title={TITLE}>
        {query.isPending ? (
          <Spinner label="Loading the note to your coach…" />
        ) : (
          <LoadError what="the note to your coach" onRetry={query.refetch} />
        )}
      </AccountCard>
    );
  }

  const note = query.data;

  const changed =
    note.updated_at && note.updated_by
      ? ` Last changed by ${note.updated_by.name} on ${formatDateTime(note.updated_at, timeZone)}.`
      : '';
  return (
    <GroveForm
      type={note.custom_note.trim() === '' ? 'edit_save_cancel' : 'edit_save_delete_cancel'}
      title={TITLE}
      description={`${coachWords(account.data)}${changed}`}
      fields={FIELDS}
      values={{ custom_note: note.custom_note }}
      rules={RULES}
      onSubmit={(values) => mutation.mutateAsync(values.custom_note ?? '')}
      confirmDelete={{
        title: 'Delete the note to your coach?',
        body: <p>Your coach will no longer see it before your calls. You can write a new one at any time.</p>,
        confirmLabel: 'Delete the note',
      }}
      onDelete={() => mutation.mutateAsync('')}
    />
  );
}
