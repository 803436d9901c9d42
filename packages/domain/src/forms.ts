/** Form types, modes and the buttons of the form bar (SPEC §4). */

export const FORM_TYPES = [
  'default',
  'edit_save_cancel',
  'buttonless_form',
  'save_cancel',
  'edit_save_delete_cancel',
] as const;
export type FormType = (typeof FORM_TYPES)[number];

export type FormMode = 'read' | 'edit';
export type FormAction = 'edit' | 'save' | 'cancel' | 'delete';
export type FormButtons = { edit: boolean; save: boolean; cancel: boolean; delete: boolean };

const READ_FIRST: readonly FormType[] = ['edit_save_cancel', 'edit_save_delete_cancel'];

export function isFormType(value: unknown): value is FormType {
  return FORM_TYPES.some((type) => type === value);
}

/** Forms with an Edit button start read-only; all others are always editing. */
export function initialMode(type: FormType): FormMode {
  return READ_FIRST.includes(type) ? 'read' : 'edit';
}

/** Edit leads to editing; Save, Cancel and Delete return to the form's resting mode. */
export function nextMode(type: FormType, action: FormAction): FormMode {
  return action === 'edit' ? 'edit' : initialMode(type);
}

/**
 * The buttons shown:
 * - default: Save;
 * - edit_save_cancel: Edit when read-only, Save and Cancel when editing;
 * - buttonless_form: none;
 * - save_cancel: Save and Cancel;
 * - edit_save_delete_cancel: Edit when read-only, Save, Delete and Cancel when editing.
 * Forms that are always editing ignore `mode`.
 */
export function formButtons(type: FormType, mode: FormMode): FormButtons {
  const editing = initialMode(type) === 'edit' || mode === 'edit';
  switch (type) {
    case 'default':
      return { edit: false, save: true, cancel: false, delete: false };
    case 'buttonless_form':
      return { edit: false, save: false, cancel: false, delete: false };
    case 'save_cancel':
      return { edit: false, save: true, cancel: true, delete: false };
    case 'edit_save_cancel':
      return { edit: !editing, save: editing, cancel: editing, delete: false };
    case 'edit_save_delete_cancel':
      return { edit: !editing, save: editing, cancel: editing, delete: editing };
  }
}
