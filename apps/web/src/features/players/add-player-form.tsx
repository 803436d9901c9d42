/**
 * Adding a player (issue 25 item 2): the player's name, checked by the spec's full-name rule (SPEC §5,
 * the domain's validateFullName; the server answers the same messages), and — for a parent — the
 * consent box (issue 17: they are the player's parent or guardian and agree to the collection of
 * the player's data). Staff add for a family: they name the account and consent for nobody.
 *
 * Completing an incomplete profile is the same form, prefilled with the profile's name: the
 * server removes the profile whose name matches the new player's (case and surrounding spaces
 * aside). Save (the shared form bar) stays disabled while the name breaks a rule or the box is
 * not ticked; a 400 answer's messages land under the name or the box, anything else above the
 * buttons.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorText, validateForm, validateFullName } from '@grove/domain';
import { CONSENT_STATEMENTS } from '@grove/domain/privacy';
import type { Player, PlayerCreate } from '@grove/domain/api/players';

import { Button } from '../../components/button.tsx';
import { Field, controlAria, fieldIds, type ShownIssue } from '../../components/form/field.tsx';
import { FormBar } from '../../components/form/form-bar.tsx';
import { rulesResolver } from '../../components/form/rules-resolver.ts';
import { ApiError } from '../../lib/api-client.ts';
import { domainText } from '../../lib/i18n.ts';
import { ConsentCheckbox } from '../../components/consent-checkbox.tsx';
import { createPlayer } from './players.api.ts';
import './players.css';
import { submitUnlessBusy } from '../../components/form/submit-unless-busy.ts';

type Values = { name: string };
const FIELD_NAMES = ['name'] as const;
const RULES = { name: validateFullName };

export type AddPlayerFormProps = {
  title: string;
  description?: string;
  /** A hint under the name field. */
  hint?: string;
  /** The name the form opens with (an incomplete profile's). */
  initialName?: string;
  /** Staff: the account the player joins. Without it, the parent's own account, with their consent. */
  account?: number;
  saveLabel?: string;
  /** Called with the new player once the server made it; the form is closed by the caller. */
  onAdded: (player: Player) => Promise<void> | void;
  onCancel: () => void;
};

export function AddPlayerForm({
  title,
  description,
  hint,
  initialName = '',
  account,
  saveLabel,
  onAdded,
  onCancel,
}: AddPlayerFormProps) {
  const { t } = useLingui();
  const baseId = useId();
  const headingId = `${baseId}-title`;
  const ids = fieldIds(`${baseId}-name`);
  const staff = account !== undefined;
  const [resolver] = useState(() => rulesResolver<Values>(FIELD_NAMES, RULES));
  const form = useForm<Values>({ defaultValues: { name: initialName }, mode: 'onTouched', resolver });
  const { errors, touchedFields, isSubmitted, isSubmitting } = form.formState;
  const name = useWatch({ control: form.control, name: 'name' });
  const validation = validateForm({ name }, FIELD_NAMES, RULES);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const consentRef = useRef<HTMLInputElement>(null);
  const formErrorRef = useRef<HTMLParagraphElement>(null);

  // The form opens on a click (or a link to a profile to complete): the name is where to start.
  useEffect(() => {
    form.setFocus('name');
  }, [form]);

  const nameError = errors.name;
  const issue: ShownIssue =
    nameError?.message && (nameError.type === 'server' || touchedFields.name || isSubmitted)
      ? { message: String(nameError.message), severity: 'error' }
      : null;

  const applyFailure = (failure: unknown) => {
    if (!(failure instanceof ApiError)) {
      setFormError(errorText(failure));
      requestAnimationFrame(() => formErrorRef.current?.focus());
      return;
    }
    const general = [...failure.nonFieldErrors];
    let focused = false;
    for (const [key, messages] of Object.entries(failure.fieldErrors)) {
      if (key === 'name') {
        form.setError('name', { type: 'server', message: messages.join(' ') }, { shouldFocus: !focused });
        focused = true;
      } else if (key === 'consent' && !staff) {
        setConsent(false);
        setConsentError(messages.join(' '));
        if (!focused) consentRef.current?.focus();
        focused = true;
      } else {
        general.push(...messages);
      }
    }
    if (general.length === 0 && !focused) general.push(failure.message);
    setFormError(general.length > 0 ? general.join(' ') : null);
    if (general.length > 0 && !focused) requestAnimationFrame(() => formErrorRef.current?.focus());
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const body: PlayerCreate = staff
      ? { name: values.name.trim(), account }
      : { name: values.name.trim(), consent: true };
    let player: Player;
    try {
      player = await createPlayer(body);
    } catch (failure) {
      applyFailure(failure);
      return;
    }
    await onAdded(player);
  });

  const registration = form.register('name');
  return (
    <form
      className="grove-form add-player-form"
      aria-labelledby={headingId}
      noValidate
      onSubmit={submitUnlessBusy(isSubmitting, submit)}
    >
      <div className="grove-form__head">
        <h2 className="grove-form__title" id={headingId}>
          {title}
        </h2>
        {description ? <p className="grove-form__description">{description}</p> : null}
      </div>
      <div className="grove-form__fields">
        <Field ids={ids} label={t`Name`} hint={hint} issue={issue} required>
          <input
            id={ids.control}
            className="input"
            type="text"
            autoComplete="off"
            aria-required
            {...controlAria(ids, issue, Boolean(hint))}
            {...registration}
          />
        </Field>
        {staff ? null : (
          <ConsentCheckbox
            ref={consentRef}
            statement={domainText(CONSENT_STATEMENTS.player_added)}
            checked={consent}
            error={consentError === null ? null : domainText(consentError)}
            onChange={(checked) => {
              setConsent(checked);
              if (checked) setConsentError(null);
            }}
          />
        )}
      </div>
      {formError ? (
        <p className="form-error" role="alert" tabIndex={-1} ref={formErrorRef}>
          {domainText(formError)}
        </p>
      ) : null}
      <FormBar
        type="save_cancel"
        mode="edit"
        canSave={validation.canSubmit && (staff || consent)}
        saving={isSubmitting}
        saveLabel={saveLabel ?? t`Add player`}
        onEdit={() => undefined}
        onCancel={onCancel}
      />
    </form>
  );
}

/** "Add a player", which opens the form; `id` lets the focus come back to it when the form closes. */
export function AddPlayerButton({ id, onOpen }: { id: string; onOpen: () => void }) {
  return (
    <div>
      <Button id={id} variant="secondary" onClick={onOpen}>
        <Trans>Add a player</Trans>
      </Button>
    </div>
  );
}
