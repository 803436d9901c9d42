/**
 * Home's profiles to complete (SPEC §3 Incomplete profile; docs/decisions/0045): players named in a
 * survey or made on the tablet that a parent has not completed yet, each with a "Complete" link to
 * the Players segment of Account, opened on that profile.
 */
import { useId } from 'react';
import { Link } from 'react-router';
import { Plural, Trans } from '@lingui/react/macro';

import { href } from '../../lib/paths.ts';
import type { IncompleteProfile } from './home-leads.ts';

export function ProfilesCard({ profiles }: { profiles: readonly IncompleteProfile[] }) {
  const headingId = useId();
  const count = profiles.length;
  return (
    <section className="card home-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="home-card__title">
        <Plural value={count} one="A profile to complete" other="# profiles to complete" />
      </h2>
      <p className="home-card__text">
        <Plural
          value={count}
          one="This player was named in a survey or on the tablet. Complete the profile so that their games count for them."
          other="These players were named in a survey or on the tablet. Complete each profile so that their games count for them."
        />
      </p>
      <ul className="home-profiles">
        {profiles.map((profile) => {
          const name = profile.player_name;
          return (
            <li key={profile.id} className="home-profiles__item">
              <span className="home-profiles__name">{name}</span>
              <Link
                className="button button--secondary"
                to={href('root.user.management', null, { segment: 'players', profile: profile.id })}
              >
                <span className="button__label">
                  <Trans>
                    Complete<span className="visually-hidden"> {name}’s profile</span>
                  </Trans>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
