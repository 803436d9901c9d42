/**
 * The form framework (SPEC §4, §5): one component for the five form types.
 *
 * - default: always editing, Save;
 * - edit_save_cancel: read-only until Edit; Save or Cancel return to read-only;
 * - buttonless_form: always editing, no buttons; Enter submits, and a switch or a select saves as
 *   soon as it changes. A status line (role="status", so screen readers announce it) says
 *   "Saving…" then "Saved"; a refused change goes back to the saved value and says why;
 * - save_cancel: always editing, Save and Cancel;
 * - edit_save_delete_cancel: as edit_save_cancel, with Delete while editing; with `confirmDelete`
 *   Delete first asks in a dialog (ConfirmDialog), and the record is removed only once confirmed.
 *
 * Cancel restores the last saved values. Save is disabled while a field has an error-type issue
 * (an empty required field is one); warnings are shown and never block. Errors show once a field
 * was left (blur), after a submit attempt, or when the server rejected the field: a 400 answer's
 * `{ field: [messages] }` lands under its field, anything else above the buttons. A field's
 * dependants (the domain's DEPENDENT_FIELDS) are validated again when it changes. Fields marked
 * `editingOnly` (the reason for a change, an amount to add) show only while editing and go back to
 * their saved value after a save.
 *
 * A form with a phone field first loads the phone support (phone-support.ts: the numbering plans,
 * the phone rule and input) and shows a spinner meanwhile; other forms never load it.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useController, useForm, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  DEFAULT_COUNTRY,
  DEPENDENT_FIELDS,
  NON_PHONE_FIELD_RULES,
  errorText,
  initialMode,
  nextMode,
  validateForm,
  type FieldIssue,
  type FieldRule,
  type FormMode,
  type FormType,
} from '@grove/domain';

import { ApiError } from '../../lib/api-client.ts';
import { domainText } from '../../lib/i18n.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { usePhoneSupport, type PhoneSupport } from '../phone-support.ts';
import { Spinner } from '../spinner.tsx';
import { Switch } from '../switch.tsx';
import { Field, controlAria, fieldIds, type ShownIssue } from './field.tsx';
import { FormBar } from './form-bar.tsx';
import { rulesResolver } from './rules-resolver.ts';

export type FormValues = Record<string, string>;
export type FieldRules = Readonly<Record<string, FieldRule>>;
/** 'switch' holds 'true' or 'false' (an on/off switch: components/switch.tsx). */
export type FormFieldKind = 'text' | 'email' | 'password' | 'phone' | 'select' | 'textarea' | 'switch';

/** The values a 'switch' field holds. */
export const SWITCH_ON = 'true';
export const SWITCH_OFF = 'false';

export type FormFieldConfig = {
  name: string;
  label: string;
  kind?: FormFieldKind;
  autoComplete?: string;
  hint?: string;
  /** Marks the label; the field's rule decides what is accepted. */
  required?: boolean;
  maxLength?: number;
  options?: readonly { value: string; label: string }[];
  /** For a phone field: the form value that holds its country (default 'country'). */
  countryField?: string;
  /** The on-screen keyboard of a text field ('numeric' for whole numbers). */
  inputMode?: 'text' | 'numeric' | 'decimal';
  /**
   * Part of making a change rather than of the saved record (a change's reason, an amount to add):
   * shown only while editing, and back to its value in `values` after a save.
   */
  editingOnly?: boolean;
  /** Ids of elements that complete the field's name (the switch "In the program" + the player's name). */
  labelledByExtra?: string;
  /** Ids of elements outside the form that describe the field (a hint shown beside the form). */
  describedByExtra?: string;
};

/** The question Delete asks before anything is removed. */
export type DeleteConfirmation = {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  /** Where focus goes once the record (and this form with it) is gone. */
  fallbackFocus?: () => HTMLElement | null;
};

export type GroveFormProps = {
  type: FormType;
  title: string;
  description?: string;
  fields: readonly FormFieldConfig[];
  /** The saved values. */
  values: FormValues;
  /**
   * Field rules by name; the domain's FIELD_RULES by default. A form with a phone field may give
   * them as a function of the phone support (its phone rule is there).
   */
  rules?: FieldRules | ((phone: PhoneSupport) => FieldRules);
  onSubmit?: (values: FormValues) => Promise<unknown> | unknown;
  onDelete?: () => Promise<unknown> | unknown;
  onCancel?: () => void;
  saveLabel?: string;
  /** Delete (edit_save_delete_cancel) asks this first; without it Delete removes at once. */
  confirmDelete?: DeleteConfirmation;
  /** The title's heading level (3 inside a section that has its own heading). */
  headingLevel?: 2 | 3;
  /** The title names the form for assistive technology only (a switch that explains itself). */
  titleHidden?: boolean;
  className?: string;
};

function formFieldNames(fields: readonly FormFieldConfig[]): string[] {
  const names = fields.flatMap((field) =>
    field.kind === 'phone' ? [field.name, field.countryField ?? 'country'] : [field.name],
  );
  return [...new Set(names)];
}

function dependantsOf(name: string, names: readonly string[]): string[] | undefined {
  const dependants = (DEPENDENT_FIELDS[name] ?? []).filter((dependant) => names.includes(dependant));
  return dependants.length > 0 ? dependants : undefined;
}

type FieldState = {
  editing: boolean;
  issue: ShownIssue;
  /** Validates the fields whose rules read `name` again (they show it once touched). */
  revalidateDependants: (name: string) => void;
};

function TextControl({
  field,
  register,
  state,
  ids,
  onChanged,
}: {
  field: FormFieldConfig;
  register: UseFormRegister<FormValues>;
  state: FieldState;
  ids: ReturnType<typeof fieldIds>;
  /** A select of a buttonless form saves as soon as it changes. */
  onChanged?: () => void;
}) {
  const registration = register(field.name, {
    onChange: () => {
      state.revalidateDependants(field.name);
      onChanged?.();
    },
  });
  const aria = controlAria(ids, state.issue, Boolean(field.hint));
  if (field.kind === 'select') {
    return (
      <select
        id={ids.control}
        className="input select"
        disabled={!state.editing}
        aria-required={field.required || undefined}
        {...aria}
        {...registration}
      >
        {(field.options ?? []).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  }
  if (field.kind === 'textarea') {
    return (
      <textarea
        id={ids.control}
        className="input textarea"
        readOnly={!state.editing}
        maxLength={field.maxLength}
        aria-required={field.required || undefined}
        {...aria}
        {...registration}
      />
    );
  }
  const inputType = field.kind === 'email' ? 'email' : field.kind === 'password' ? 'password' : 'text';
  return (
    <input
      id={ids.control}
      className="input"
      type={inputType}
      autoComplete={field.autoComplete}
      inputMode={field.inputMode}
      maxLength={field.maxLength}
      readOnly={!state.editing}
      aria-required={field.required || undefined}
      {...aria}
      {...registration}
    />
  );
}

function PhoneControl({
  field,
  control,
  state,
  ids,
  PhoneInput,
}: {
  PhoneInput: PhoneSupport['PhoneInput'];
  field: FormFieldConfig;
  control: Control<FormValues>;
  state: FieldState;
  ids: ReturnType<typeof fieldIds>;
}) {
  const countryName = field.countryField ?? 'country';
  const phone = useController({ name: field.name, control });
  const country = useController({ name: countryName, control });
  const aria = controlAria(ids, state.issue, Boolean(field.hint));
  return (
    <PhoneInput
      id={ids.control}
      labelId={ids.label}
      name={field.name}
      country={country.field.value || DEFAULT_COUNTRY}
      digits={phone.field.value ?? ''}
      onCountryChange={(code) => {
        country.field.onChange(code);
        state.revalidateDependants(countryName);
      }}
      onDigitsChange={(digits) => {
        phone.field.onChange(digits);
        state.revalidateDependants(field.name);
      }}
      onBlur={() => phone.field.onBlur()}
      readOnly={!state.editing}
      invalid={aria['aria-invalid'] === true}
      describedBy={aria['aria-describedby']}
      required={field.required}
    />
  );
}

function SwitchField({
  field,
  control,
  state,
  ids,
  busy,
  onToggled,
}: {
  field: FormFieldConfig;
  control: Control<FormValues>;
  state: FieldState;
  ids: ReturnType<typeof fieldIds>;
  busy: boolean;
  onToggled: () => void;
}) {
  const { field: value } = useController({ name: field.name, control });
  const checked = value.value === SWITCH_ON;
  const aria = controlAria(ids, state.issue, Boolean(field.hint));
  return (
    <div className={`field field--switch${state.issue ? ` field--${state.issue.severity}` : ''}`}>
      <Switch
        id={ids.control}
        labelId={ids.label}
        label={field.label}
        checked={checked}
        onChange={(next) => {
          value.onChange(next ? SWITCH_ON : SWITCH_OFF);
          onToggled();
        }}
        busy={busy}
        disabled={!state.editing}
        labelledByExtra={field.labelledByExtra}
        describedBy={[aria['aria-describedby'], field.describedByExtra].filter(Boolean).join(' ') || undefined}
        invalid={aria['aria-invalid'] === true}
      />
      {field.hint ? (
        <p className="field__hint" id={ids.hint}>
          {field.hint}
        </p>
      ) : null}
      {state.issue ? (
        <p className={`field__issue field__issue--${state.issue.severity}`} id={ids.issue}>
          <span className="visually-hidden">
            {state.issue.severity === 'error' ? <Trans>Error:</Trans> : <Trans>Note:</Trans>}{' '}
          </span>
          {domainText(state.issue.message)}
        </p>
      ) : null}
    </div>
  );
}

function hasPhoneField(fields: readonly FormFieldConfig[]): boolean {
  return fields.some((field) => field.kind === 'phone');
}

export function GroveForm(props: GroveFormProps) {
  const { t } = useLingui();
  const { title } = props;
  const needsPhone = hasPhoneField(props.fields);
  const phone = usePhoneSupport(needsPhone);
  if (needsPhone && !phone) {
    return (
      <div className="section__loading">
        <Spinner label={t`Loading ${title}…`} />
      </div>
    );
  }
  return <FormBody {...props} phone={phone} />;
}

function FormBody({
  type,
  title,
  description,
  fields,
  values,
  rules: givenRules,
  onSubmit,
  onDelete,
  onCancel,
  saveLabel,
  confirmDelete,
  headingLevel = 2,
  titleHidden = false,
  className,
  phone,
}: GroveFormProps & { phone: PhoneSupport | null }) {
  const { t } = useLingui();
  const baseId = useId();
  const names = useMemo(() => formFieldNames(fields), [fields]);
  const rules = useMemo((): FieldRules => {
    if (typeof givenRules === 'function') {
      if (!phone) throw new Error('Rules built from the phone support need a phone field.');
      return givenRules(phone);
    }
    return givenRules ?? phone?.FIELD_RULES ?? NON_PHONE_FIELD_RULES;
  }, [givenRules, phone]);
  const resolver = useMemo(() => rulesResolver<FormValues>(names, rules), [names, rules]);
  const form = useForm<FormValues>({ defaultValues: values, mode: 'onTouched', resolver });
  const { errors, touchedFields, dirtyFields, isSubmitted, isSubmitting, isDirty } = form.formState;
  const [mode, setMode] = useState<FormMode>(() => initialMode(type));
  const [formError, setFormError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  /** The buttonless form's "Saving…" / "Saved", announced politely. */
  const [status, setStatus] = useState('');
  const buttonless = type === 'buttonless_form';
  const editing = mode === 'edit';

  const watched = useWatch({ control: form.control });
  const validation = validateForm({ ...values, ...watched }, names, rules);

  // New saved values (a refetch) replace the form's baseline unless the person is typing.
  const savedKey = JSON.stringify(values);
  const lastSaved = useRef(savedKey);
  useEffect(() => {
    if (lastSaved.current === savedKey) return;
    lastSaved.current = savedKey;
    if (!isDirty) form.reset(JSON.parse(savedKey) as FormValues);
  }, [savedKey, isDirty, form]);

  const firstField = fields[0]?.name;
  const focusOnEdit = useRef(false);
  useEffect(() => {
    if (editing && focusOnEdit.current && firstField) {
      focusOnEdit.current = false;
      form.setFocus(firstField);
    }
  }, [editing, firstField, form]);

  const revalidateDependants = (name: string) => {
    const dependants = dependantsOf(name, names);
    if (dependants) void form.trigger(dependants);
  };

  const shownIssue = (name: string): ShownIssue => {
    if (!editing) return null;
    const error = errors[name];
    if (error?.message && (error.type === 'server' || touchedFields[name] || isSubmitted)) {
      return { message: String(error.message), severity: 'error' };
    }
    const issue: FieldIssue | undefined = validation.errors[name];
    if (issue?.severity === 'warning' && (touchedFields[name] || dirtyFields[name])) return issue;
    return null;
  };

  const applyFailure = (failure: unknown) => {
    if (!(failure instanceof ApiError)) {
      setFormError(errorText(failure));
      return;
    }
    const general = [...failure.nonFieldErrors];
    let mapped = false;
    for (const [name, messages] of Object.entries(failure.fieldErrors)) {
      if (names.includes(name)) {
        form.setError(name, { type: 'server', message: messages.join(' ') });
        mapped = true;
      } else {
        general.push(...messages);
      }
    }
    setFormError(general.length > 0 ? general.join(' ') : mapped ? null : failure.message);
  };

  const submit = form.handleSubmit(async (submitted) => {
    setFormError(null);
    if (buttonless) setStatus(t`Saving…`);
    try {
      await onSubmit?.(submitted);
      const transient = Object.fromEntries(
        fields.filter((field) => field.editingOnly).map((field) => [field.name, values[field.name] ?? '']),
      );
      form.reset({ ...submitted, ...transient });
      setMode(nextMode(type, 'save'));
      if (buttonless) setStatus(t`Saved`);
    } catch (failure) {
      if (buttonless) {
        // The change did not happen: show the saved value again, and why.
        form.reset(values);
        setStatus('');
      }
      applyFailure(failure);
    }
  });

  /** A buttonless form's switch or select saves as soon as it changes. */
  const saveNow = () => {
    if (!buttonless || isSubmitting) return;
    void submit();
  };

  const cancel = () => {
    form.reset();
    setFormError(null);
    setMode(nextMode(type, 'cancel'));
    onCancel?.();
  };

  const edit = () => {
    focusOnEdit.current = true;
    setMode(nextMode(type, 'edit'));
  };

  const remove = async () => {
    setFormError(null);
    setDeleting(true);
    try {
      await onDelete?.();
      form.reset();
      setMode(nextMode(type, 'delete'));
    } catch (failure) {
      applyFailure(failure);
    } finally {
      setDeleting(false);
    }
  };

  const formRef = useRef<HTMLFormElement>(null);
  /** After a delete the Delete button is gone: focus Edit if the form stays, else the screen's fallback. */
  const focusAfterDelete = (): HTMLElement | null =>
    formRef.current?.isConnected
      ? formRef.current.querySelector<HTMLElement>('.form-bar button')
      : (confirmDelete?.fallbackFocus?.() ?? null);

  /** Delete after the dialog's confirmation; a failure stays in the dialog. */
  const removeConfirmed = async () => {
    setFormError(null);
    await onDelete?.();
    form.reset();
    setMode(nextMode(type, 'delete'));
    // The record may take this form (and the dialog) away before the dialog hands focus back.
    setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body || !active.isConnected) focusAfterDelete()?.focus();
    }, 0);
  };

  // A form without buttons submits with Enter from any one-line field.
  const handleKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (type !== 'buttonless_form' || event.key !== 'Enter') return;
    const target = event.target as HTMLElement;
    if (target instanceof HTMLInputElement) {
      event.preventDefault();
      event.currentTarget.requestSubmit();
    }
  };

  const headingId = `${baseId}-title`;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <>
      <form
        ref={formRef}
        className={`grove-form grove-form--${mode}${buttonless ? ' grove-form--buttonless' : ''}${className ? ` ${className}` : ''}`}
        aria-labelledby={headingId}
        noValidate
        onSubmit={(event) => {
          if (isSubmitting || deleting) {
            event.preventDefault();
            return;
          }
          void submit(event);
        }}
        onKeyDown={handleKeyDown}
        data-mode={mode}
        data-form-type={type}
      >
        <div className="grove-form__head">
          <Heading className={titleHidden ? 'visually-hidden' : 'grove-form__title'} id={headingId}>
            {title}
          </Heading>
          {description ? <p className="grove-form__description">{description}</p> : null}
        </div>
        <div className="grove-form__fields">
          {fields.map((field) => {
            if (field.editingOnly && !editing) return null;
            const ids = fieldIds(`${baseId}-${field.name}`);
            const state: FieldState = { editing, issue: shownIssue(field.name), revalidateDependants };
            if (field.kind === 'switch') {
              return (
                <SwitchField
                  key={field.name}
                  field={field}
                  control={form.control}
                  state={state}
                  ids={ids}
                  busy={isSubmitting}
                  onToggled={saveNow}
                />
              );
            }
            return (
              <Field
                key={field.name}
                ids={ids}
                label={field.label}
                hint={field.hint}
                issue={state.issue}
                required={field.required}
                asGroup={field.kind === 'phone'}
              >
                {field.kind === 'phone' && phone ? (
                  <PhoneControl
                    field={field}
                    control={form.control}
                    state={state}
                    ids={ids}
                    PhoneInput={phone.PhoneInput}
                  />
                ) : (
                  <TextControl
                    field={field}
                    register={form.register}
                    state={state}
                    ids={ids}
                    onChanged={field.kind === 'select' ? saveNow : undefined}
                  />
                )}
              </Field>
            );
          })}
        </div>
        {formError ? (
          <p className="form-error" role="alert">
            {domainText(formError)}
          </p>
        ) : null}
        <FormBar
          type={type}
          mode={mode}
          canSave={validation.canSubmit}
          saving={isSubmitting}
          deleting={deleting}
          saveLabel={saveLabel}
          onEdit={edit}
          onCancel={cancel}
          onDelete={() => (confirmDelete ? setConfirmingDelete(true) : void remove())}
        />
        {buttonless ? (
          <p className="grove-form__status" role="status">
            {status}
          </p>
        ) : null}
      </form>
      {confirmDelete && confirmingDelete ? (
        <ConfirmDialog
          title={confirmDelete.title}
          confirmLabel={confirmDelete.confirmLabel}
          onConfirm={removeConfirmed}
          fallbackFocus={focusAfterDelete}
          onClose={() => setConfirmingDelete(false)}
        >
          {confirmDelete.body}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
