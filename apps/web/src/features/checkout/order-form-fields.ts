/**
 * The checkout order form's one react-hook-form instance and what its sections share
 * (order-form.tsx): the ids of each field, the domain's rules through the resolver, the issue shown
 * under a field, registration that clears a server error on change, and focus on a field.
 */
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { validateForm, type FieldRule } from '@grove/domain';
import type { UserInfo } from '@grove/domain/api/user';

import { fieldIds, type ShownIssue } from '../../components/form/field.tsx';
import { rulesResolver } from '../../components/form/rules-resolver.ts';
import { CARD_FIELDS, cardRules } from '../../components/card-form.tsx';
import {
  ORDER_FIELDS,
  ORDER_RULES,
  initialValues,
  type CheckoutFieldName,
  type CheckoutValues,
  type OrderField,
} from './order-form-model.ts';

export function useCheckoutFields(user: UserInfo | null, stripeKey: string | null) {
  const baseId = useId();
  const idsOf = (name: string) => fieldIds(`${baseId}-${name}`);
  const names: readonly CheckoutFieldName[] = stripeKey ? ORDER_FIELDS : [...ORDER_FIELDS, ...CARD_FIELDS];
  const [rules] = useState<Readonly<Record<string, FieldRule>>>(() => ({ ...ORDER_RULES, ...cardRules() }));
  const [resolver] = useState(() => rulesResolver<CheckoutValues>(names, rules));
  const form = useForm<CheckoutValues>({
    defaultValues: initialValues(user),
    mode: 'onTouched',
    resolver,
    shouldFocusError: false,
  });
  const { errors, touchedFields, dirtyFields, isSubmitted } = form.formState;
  const values = useWatch({ control: form.control }) as CheckoutValues;
  const validation = validateForm(values, names, rules);
  const hasServerError = Object.values(errors).some((error) => error?.type === 'server');

  const issueOf = (name: CheckoutFieldName): ShownIssue => {
    const error = errors[name];
    if (error?.message && (error.type === 'server' || touchedFields[name] || isSubmitted)) {
      return { message: String(error.message), severity: 'error' };
    }
    const issue = validation.errors[name];
    if (issue?.severity === 'warning' && (touchedFields[name] || dirtyFields[name])) return issue;
    return null;
  };

  /** A server error under a field goes away as soon as the field changes. */
  const onFieldChange = (name: CheckoutFieldName) => {
    if (form.getFieldState(name).error?.type === 'server') form.clearErrors(name);
  };

  const revalidate = (name: CheckoutFieldName) => {
    if (form.getFieldState(name).isTouched || form.formState.isSubmitted) void form.trigger(name);
  };

  const register = (name: OrderField, after?: () => void) =>
    form.register(name, {
      onChange: () => {
        onFieldChange(name);
        after?.();
      },
    });

  const focusField = (name: CheckoutFieldName | 'promo') => {
    if (name === 'promo') {
      document.getElementById(idsOf('promo').control)?.focus();
    } else {
      document.getElementById(idsOf(name).control)?.focus();
    }
  };

  return {
    baseId,
    idsOf,
    names,
    form,
    values,
    validation,
    hasServerError,
    issueOf,
    onFieldChange,
    revalidate,
    register,
    focusField,
  };
}

/** What the sections of the checkout form share: the form and its field helpers. */
export type CheckoutFields = ReturnType<typeof useCheckoutFields>;
