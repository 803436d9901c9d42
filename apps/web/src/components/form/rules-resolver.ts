/**
 * A React Hook Form resolver built on the domain's field rules: error-type issues fail their
 * field; warnings pass (they are shown, never blocking, SPEC §5).
 */
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { validateForm, type FieldRule } from '@grove/domain';

export function rulesResolver<Values extends FieldValues>(
  fieldNames: readonly string[],
  rules: Readonly<Record<string, FieldRule>>,
): Resolver<Values> {
  return async (values) => {
    const { errors } = validateForm(values, fieldNames, rules);
    const failed: Record<string, { type: string; message: string }> = {};
    for (const [name, issue] of Object.entries(errors)) {
      if (issue.severity === 'error') failed[name] = { type: 'rule', message: issue.message };
    }
    if (Object.keys(failed).length > 0) return { values: {}, errors: failed as FieldErrors<Values> };
    return { values, errors: {} };
  };
}
