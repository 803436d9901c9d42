/**
 * The privacy policy in plain words and the third parties that receive data, from the domain
 * (packages/domain/src/privacy.ts): the privacy page, the consent dialog and checkout show the
 * same text.
 */
import { PRIVACY_POLICY_VERSION, PRIVACY_SUMMARY, THIRD_PARTIES } from '@grove/domain/privacy';
import './policy-text.css';

export function PolicySummary() {
  return (
    <div className="privacy-policy">
      {PRIVACY_SUMMARY.map((part) => (
        <section key={part.title} className="privacy-policy__part">
          <h3 className="privacy-policy__title">{part.title}</h3>
          <p>{part.text}</p>
        </section>
      ))}
      <p className="muted">Policy version {PRIVACY_POLICY_VERSION}.</p>
    </div>
  );
}

export function ThirdPartiesList() {
  return (
    <ul className="privacy-parties" aria-label="Services that receive data">
      {THIRD_PARTIES.map((party) => (
        <li key={party.id} className="privacy-parties__item">
          <strong>
            {party.purpose}: {party.provider}
          </strong>
          <span>
            <span className="privacy-parties__label">Receives:</span> {party.receives}
          </span>
          <span>
            <span className="privacy-parties__label">When:</span> {party.when}
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
      <summary>Read the privacy policy (plain words)</summary>
      <PolicySummary />
      <h3 className="privacy-policy__title">Who receives data</h3>
      <ThirdPartiesList />
    </details>
  );
}
