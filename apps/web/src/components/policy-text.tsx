/**
 * The privacy policy in plain words and the third parties that receive data, from the domain
 * (packages/domain/src/privacy.ts): the privacy page, the consent dialog and checkout show the
 * same text, in the page's language (the domain's catalog).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { PRIVACY_POLICY_VERSION, PRIVACY_SUMMARY, THIRD_PARTIES } from '@grove/domain/privacy';

import { domainText } from '../lib/i18n.ts';
import './policy-text.css';

export function PolicySummary() {
  const { t } = useLingui();
  const version = PRIVACY_POLICY_VERSION;
  return (
    <div className="privacy-policy">
      {PRIVACY_SUMMARY.map((part) => (
        <section key={part.title} className="privacy-policy__part">
          <h3 className="privacy-policy__title">{domainText(part.title)}</h3>
          <p>{domainText(part.text)}</p>
        </section>
      ))}
      <p className="muted">{t`Policy version ${version}.`}</p>
    </div>
  );
}

export function ThirdPartiesList() {
  const { t } = useLingui();
  return (
    <ul className="privacy-parties" aria-label={t`Services that receive data`}>
      {THIRD_PARTIES.map((party) => (
        <li key={party.id} className="privacy-parties__item">
          <strong>
            {domainText(party.purpose)}: {domainText(party.provider)}
          </strong>
          <span>
            <span className="privacy-parties__label">
              <Trans>Receives:</Trans>
            </span>{' '}
            {domainText(party.receives)}
          </span>
          <span>
            <span className="privacy-parties__label">
              <Trans>When:</Trans>
            </span>{' '}
            {domainText(party.when)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The policy behind a disclosure (checkout, the consent dialog): the consent label's link opens it.
 */
export function PolicyDisclosure({ id }: { id: string }) {
  return (
    <details className="privacy-disclosure" id={id}>
      <summary>
        <Trans>Read the privacy policy (plain words)</Trans>
      </summary>
      <PolicySummary />
      <h3 className="privacy-policy__title">
        <Trans>Who receives data</Trans>
      </h3>
      <ThirdPartiesList />
    </details>
  );
}
