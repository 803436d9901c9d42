/**
 * The edit / save / delete / cancel bar of a form. Which buttons show follows the form type and
 * mode (the domain's formButtons, SPEC §4).
 */
import { Trans } from '@lingui/react/macro';
import { formButtons, type FormMode, type FormType } from '@grove/domain';

import { Button } from '../button.tsx';

export type FormBarProps = {
  type: FormType;
  mode: FormMode;
  canSave: boolean;
  saving?: boolean;
  deleting?: boolean;
  saveLabel?: string;
  onEdit: () => void;
  onCancel: () => void;
  onDelete?: () => void;
};

export function FormBar({
  type,
  mode,
  canSave,
  saving = false,
  deleting = false,
  saveLabel,
  onEdit,
  onCancel,
  onDelete,
}: FormBarProps) {
  const buttons = formButtons(type, mode);
  if (!buttons.edit && !buttons.save && !buttons.cancel && !buttons.delete) return null;
  const busy = saving || deleting;
  return (
    <div className="form-bar">
      {buttons.edit ? (
        <Button variant="secondary" onClick={onEdit}>
          <Trans>Edit</Trans>
        </Button>
      ) : null}
      {buttons.save ? (
        <Button type="submit" disabled={!canSave} loading={saving}>
          {saveLabel ?? <Trans>Save</Trans>}
        </Button>
      ) : null}
      {buttons.delete ? (
        <Button variant="danger" loading={deleting} disabled={saving} onClick={onDelete}>
          <Trans>Delete</Trans>
        </Button>
      ) : null}
      {buttons.cancel ? (
        <Button variant="ghost" disabled={busy} onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      ) : null}
    </div>
  );
}
