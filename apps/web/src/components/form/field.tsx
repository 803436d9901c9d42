/**
 * One labelled field: the control, an optional hint and the issue under it. An error makes the
 * control invalid for assistive technology; a warning is described but does not.
 */
import type { ReactNode } from 'react';
import type { Severity } from '@grove/domain';
import { Trans } from '@lingui/react/macro';

import { domainText } from '../../lib/i18n.ts';

export type ShownIssue = { message: string; severity: Severity } | null;

export type FieldIds = { control: string; label: string; hint: string; issue: string };

export function fieldIds(base: string): FieldIds {
  return { control: `${base}-control`, label: `${base}-label`, hint: `${base}-hint`, issue: `${base}-issue` };
}

/** The aria attributes of a control inside a Field. */
export function controlAria(ids: FieldIds, issue: ShownIssue, hasHint: boolean) {
  const describedBy = [hasHint ? ids.hint : null, issue ? ids.issue : null].filter(Boolean).join(' ');
  return {
    'aria-invalid': issue?.severity === 'error' ? true : undefined,
    'aria-describedby': describedBy === '' ? undefined : describedBy,
  } as const;
}

export function Field({
  ids,
  label,
  hint,
  issue,
  required,
  children,
  asGroup = false,
}: {
  ids: FieldIds;
  label: string;
  hint?: string;
  issue: ShownIssue;
  required?: boolean;
  children: ReactNode;
  asGroup?: boolean;
}) {
  const labelContent = (
    <>
      {label}
      {required ? (
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </>
  );
  return (
    <div className={`field${issue ? ` field--${issue.severity}` : ''}`}>
      {asGroup ? (
        <span className="field__label" id={ids.label}>
          {labelContent}
        </span>
      ) : (
        <label className="field__label" id={ids.label} htmlFor={ids.control}>
          {labelContent}
        </label>
      )}
      {children}
      {hint ? (
        <p className="field__hint" id={ids.hint}>
          {hint}
        </p>
      ) : null}
      {issue ? (
        <p className={`field__issue field__issue--${issue.severity}`} id={ids.issue}>
          <span className="visually-hidden">
            {issue.severity === 'error' ? <Trans>Error:</Trans> : <Trans>Note:</Trans>}{' '}
          </span>
          {domainText(issue.message)}
        </p>
      ) : null}
    </div>
  );
}
