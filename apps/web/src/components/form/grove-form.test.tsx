import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FORM_TYPES, PO_BOX_WARNING, type FormType } from '@grove/domain';

import { ApiError } from '../../lib/api-client.ts';
import { loadLanguage } from '../../lib/i18n.ts';
import { GroveForm, type FormFieldConfig, type FormValues } from './grove-form.tsx';

const NAME_FIELDS: FormFieldConfig[] = [
  { name: 'first_name', label: 'First name', required: true },
  { name: 'last_name', label: 'Last name', required: true },
];
const SAVED = { first_name: 'Jordan', last_name: 'Parker' };

function renderForm(type: FormType, props: Partial<Parameters<typeof GroveForm>[0]> = {}) {
  const onSubmit = vi.fn<(values: FormValues) => Promise<void>>(async () => undefined);
  const onDelete = vi.fn(async () => undefined);
  render(
    <GroveForm
      type={type}
      title="Contact details"
      fields={NAME_FIELDS}
      values={SAVED}
      onSubmit={onSubmit}
      onDelete={onDelete}
      {...props}
    />,
  );
  return { onSubmit, onDelete, user: userEvent.setup() };
}

function buttonNames(): string[] {
  const form = screen.getByRole('form', { name: 'Contact details' });
  return within(form)
    .queryAllByRole('button')
    .map((button) => button.textContent ?? '');
}

describe('form types (SPEC §4)', () => {
  it('knows the five types', () => {
    expect(FORM_TYPES).toEqual([
      'default',
      'edit_save_cancel',
      'buttonless_form',
      'save_cancel',
      'edit_save_delete_cancel',
    ]);
  });

  it('default: always editing, with Save only', () => {
    renderForm('default');
    expect(buttonNames()).toEqual(['Save']);
    expect(screen.getByLabelText(/First name/)).not.toHaveAttribute('readonly');
  });

  it('edit_save_cancel: read-only with Edit; editing with Save and Cancel', async () => {
    const { user } = renderForm('edit_save_cancel');
    expect(buttonNames()).toEqual(['Edit']);
    expect(screen.getByLabelText(/First name/)).toHaveAttribute('readonly');

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(buttonNames()).toEqual(['Save', 'Cancel']);
    expect(screen.getByLabelText(/First name/)).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText(/First name/)).toHaveFocus();
  });

  it('buttonless_form: no buttons; Enter submits', async () => {
    const { user, onSubmit } = renderForm('buttonless_form');
    expect(buttonNames()).toEqual([]);
    await user.type(screen.getByLabelText(/Last name/), 's{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ first_name: 'Jordan', last_name: 'Parkers' }));
  });

  it('save_cancel: always editing, with Save and Cancel', () => {
    renderForm('save_cancel');
    expect(buttonNames()).toEqual(['Save', 'Cancel']);
  });

  it('edit_save_delete_cancel: Edit, then Save, Delete and Cancel; Delete returns to read-only', async () => {
    const { user, onDelete } = renderForm('edit_save_delete_cancel');
    expect(buttonNames()).toEqual(['Edit']);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(buttonNames()).toEqual(['Save', 'Delete', 'Cancel']);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(buttonNames()).toEqual(['Edit']));
  });
});

describe('form behaviour (SPEC §4, §5)', () => {
  it('Cancel restores the earlier values and returns to read-only', async () => {
    const { user, onSubmit } = renderForm('edit_save_cancel');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const first = screen.getByLabelText(/First name/);
    await user.clear(first);
    await user.type(first, 'Jo');
    expect(first).toHaveValue('Jo');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText(/First name/)).toHaveValue('Jordan');
    expect(screen.getByLabelText(/First name/)).toHaveAttribute('readonly');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('Cancel on an always-editing form restores the values', async () => {
    const { user } = renderForm('save_cancel');
    await user.type(screen.getByLabelText(/Last name/), '-Smith');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText(/Last name/)).toHaveValue('Parker');
  });

  it('Save keeps the new values as the saved ones and returns to read-only', async () => {
    const { user, onSubmit } = renderForm('edit_save_cancel');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText(/First name/), 'a');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ first_name: 'Jordana', last_name: 'Parker' }));
    await waitFor(() => expect(buttonNames()).toEqual(['Edit']));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText(/First name/)).toHaveValue('Jordana');
  });

  it('an error blocks Save; it shows only once the field was left', async () => {
    const { user } = renderForm('default');
    const first = screen.getByLabelText(/First name/);
    await user.clear(first);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();

    await user.tab();
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first.getAttribute('aria-describedby')).toContain(screen.getByText('Name is required').closest('p')?.id);
  });

  it('an empty required field blocks Save before anyone touches it', () => {
    render(
      <GroveForm
        type="default"
        title="Contact details"
        fields={NAME_FIELDS}
        values={{ first_name: '', last_name: 'Parker' }}
      />,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
  });

  it('a warning shows but does not block Save', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const user = userEvent.setup();
    render(
      <GroveForm
        type="default"
        title="Shipping"
        fields={[{ name: 'address_1', label: 'Address', required: true }]}
        values={{ address_1: '' }}
        onSubmit={onSubmit}
      />,
    );
    await user.type(screen.getByLabelText(/Address/), 'PO Box 12');
    expect(await screen.findByText(PO_BOX_WARNING)).toBeInTheDocument();
    expect(screen.getByLabelText(/Address/)).not.toHaveAttribute('aria-invalid');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ address_1: 'PO Box 12' }));
  });

  it('shows a server field error under its field and a general one above the buttons', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, 'Bad Request', {
        last_name: ['This name is already used in your family'],
        non_field_errors: ['Please check the form'],
      });
    });
    const { user } = renderForm('save_cancel', { onSubmit });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const message = await screen.findByText('This name is already used in your family');
    const lastName = screen.getByLabelText(/Last name/);
    expect(lastName).toHaveAttribute('aria-invalid', 'true');
    expect(lastName.getAttribute('aria-describedby')).toContain(message.closest('p')?.id);
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the form');
    // Still editing: the person fixes the field.
    expect(buttonNames()).toEqual(['Save', 'Cancel']);
  });

  it('re-validates dependent fields: changing the password re-checks its copy', async () => {
    const user = userEvent.setup();
    render(
      <GroveForm
        type="default"
        title="Choose a password"
        fields={[
          { name: 'password', label: 'Password', kind: 'password' },
          { name: 'password_copy', label: 'Repeat password', kind: 'password' },
        ]}
        values={{ password: '', password_copy: '' }}
      />,
    );
    await user.type(screen.getByLabelText('Password'), 'Sunny-Day-42');
    await user.type(screen.getByLabelText('Repeat password'), 'Sunny-Day-42');
    await user.tab();
    expect(screen.queryByText('Passwords must match')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), '!');
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('validates a phone number for the selected country and re-checks it when the country changes', async () => {
    const user = userEvent.setup();
    render(
      <GroveForm
        type="default"
        title="Phone"
        fields={[{ name: 'phonenumber', label: 'Phone', kind: 'phone', required: true }]}
        values={{ phonenumber: '2015550123', country: 'US' }}
      />,
    );
    // A form with a phone field first loads the phone support (the numbering plans).
    const phone = await screen.findByRole('textbox', { name: /Phone/ });
    expect(phone).toHaveValue('(201) 555 0123');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();

    await user.click(phone);
    await user.tab();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country calling code' }), 'AU');
    expect(await screen.findByText('Please input a valid phone number')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});

describe('fields shown only while editing', () => {
  it('leaves them out when read-only, shows them while editing, and clears them after a save', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<(values: FormValues) => Promise<void>>(async () => undefined);
    const rules = {
      value: () => null,
      reason: (value: string) =>
        value.trim() === '' ? { message: 'A reason is required.', severity: 'error' as const } : null,
    };
    render(
      <GroveForm
        type="edit_save_cancel"
        title="Chase speed"
        fields={[
          { name: 'value', label: 'Chase speed', inputMode: 'numeric' },
          { name: 'reason', label: 'Reason', kind: 'textarea', editingOnly: true },
        ]}
        values={{ value: '5', reason: '' }}
        rules={rules}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.queryByRole('textbox', { name: 'Reason' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Chase speed' })).toHaveAttribute('inputmode', 'numeric');

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Review');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ value: '5', reason: 'Review' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Reason' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveValue('');
  });
});

describe('buttonless_form: a switch that saves when changed (SPEC §4)', () => {
  const SWITCH_FIELDS: FormFieldConfig[] = [{ name: 'in_program', label: 'In the program', kind: 'switch' }];

  it('saves as soon as the switch changes and announces "Saved"', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(
      (_values: FormValues) =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(
      <GroveForm
        type="buttonless_form"
        title="Maya in the program"
        titleHidden
        fields={SWITCH_FIELDS}
        values={{ in_program: 'true' }}
        onSubmit={onSubmit}
      />,
    );
    const user = userEvent.setup();
    const toggle = screen.getByRole('switch', { name: 'In the program' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Maya in the program' })).toHaveClass('visually-hidden');

    await user.click(toggle);
    expect(onSubmit).toHaveBeenCalledWith({ in_program: 'false' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Saving…');
    // A click while saving is ignored.
    await user.click(toggle);
    expect(onSubmit).toHaveBeenCalledTimes(1);

    finish();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved'));
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).not.toHaveAttribute('aria-busy');
  });

  it('goes back to the saved value and says why when the change is refused', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(409, 'Conflict', { detail: 'Maya left the program already.', code: 'conflict' });
    });
    render(
      <GroveForm
        type="buttonless_form"
        title="Maya in the program"
        fields={SWITCH_FIELDS}
        values={{ in_program: 'true' }}
        onSubmit={onSubmit}
      />,
    );
    const toggle = screen.getByRole('switch', { name: 'In the program' });
    await userEvent.setup().click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('Maya left the program already.');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('saves a select when it changes', async () => {
    const { onSubmit, user } = renderForm('buttonless_form', {
      title: 'Contact details',
      fields: [
        {
          name: 'choice',
          label: 'Choice',
          kind: 'select',
          options: [
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B' },
          ],
        },
      ],
      values: { choice: 'a' },
      rules: { choice: () => null },
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Choice' }), 'b');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ choice: 'b' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
  });
});

describe('edit_save_delete_cancel: Delete behind a confirmation', () => {
  it('asks first; keeping closes the dialog, confirming deletes', async () => {
    const { onDelete, user } = renderForm('edit_save_delete_cancel', {
      confirmDelete: { title: 'Delete these details?', body: <p>They go for good.</p>, confirmLabel: 'Delete details' },
    });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete these details?' });
    expect(dialog).toHaveTextContent('They go for good.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onDelete).not.toHaveBeenCalled();
    expect(buttonNames()).toEqual(['Save', 'Delete', 'Cancel']);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete these details?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete details' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(buttonNames()).toEqual(['Edit']);
    // Focus comes back once the dialog has closed; on a busy machine that takes more than a second.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus(), { timeout: 5_000 });
  });

  it('keeps a refused delete in the dialog', async () => {
    const { user } = renderForm('edit_save_delete_cancel', {
      confirmDelete: { title: 'Delete these details?', body: <p>They go for good.</p>, confirmLabel: 'Delete details' },
      onDelete: async () => {
        throw new ApiError(403, 'Forbidden', { detail: 'Only staff may delete this.', code: 'forbidden' });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete these details?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete details' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only staff may delete this.');
  });
});

describe('forms in Spanish', () => {
  it('words the buttons, the field rules, the delete question and the status in Spanish', async () => {
    await loadLanguage('es', ['app']);
    const { onDelete, user } = renderForm('edit_save_delete_cancel', {
      confirmDelete: { title: '¿Eliminar estos datos?', body: <p>Se pierden.</p>, confirmLabel: 'Eliminar datos' },
    });
    expect(buttonNames()).toEqual(['Editar']);
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    expect(buttonNames()).toEqual(['Guardar', 'Eliminar', 'Cancelar']);
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText(/First name/));
    await user.tab();
    const issue = await screen.findByText('El nombre es obligatorio');
    expect(issue).toHaveTextContent(/^Error: El nombre es obligatorio$/);

    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar estos datos?' });
    expect(within(dialog).getByRole('button', { name: 'Cerrar diálogo' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Conservar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('a buttonless switch says Activado / Desactivado and announces "Guardando…" then "Guardado"', async () => {
    await loadLanguage('es', ['app']);
    const onSubmit = vi.fn(async () => undefined);
    render(
      <GroveForm
        type="buttonless_form"
        title="Maya en el programa"
        fields={[{ name: 'in_program', label: 'En el programa', kind: 'switch' }]}
        values={{ in_program: 'true' }}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByText('Activado')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('switch', { name: 'En el programa' }));
    expect(screen.getByText('Desactivado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Guardado'));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });
});
