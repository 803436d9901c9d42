/**
 * root.user.management — /dashboard/account?segment= (SPEC §2): the account holder's details and,
 * for billing users, Subscription & Billing (features/billing). The side menu opens the details
 * segment; only billing users get the Subscription & Billing tab, and anyone else who opens
 * ?segment=billing is told why there is nothing to manage.
 */
import { Link, useSearchParams } from 'react-router';
import { countryName, formatPhone } from '@grove/domain';

import { FeatureList, Page } from '../../components/page.tsx';
import { CheckIcon, PhoneIcon } from '../../components/icons.tsx';
import { BillingSegment } from '../../features/billing/billing-segment.tsx';
import { useUserLayout } from '../layouts/layout-context.ts';
import { href } from '../paths.ts';

type Segment = 'details' | 'billing';

export function AccountRoute() {
  const { user, players } = useUserLayout();
  const [search] = useSearchParams();
  const segment: Segment = search.get('segment') === 'billing' ? 'billing' : 'details';
  const segments: { id: Segment; label: string }[] = [{ id: 'details', label: 'Account details' }];
  if (user.is_billing_user) segments.push({ id: 'billing', label: 'Subscription & Billing' });

  return (
    <Page title="Account" intro="Your contact details, shipping address, devices and subscription, in one place.">
      {segments.length > 1 ? (
        <nav className="segments" aria-label="Account sections">
          <ul>
            {segments.map((item) => (
              <li key={item.id}>
                <Link
                  className={`segments__link${segment === item.id ? ' segments__link--current' : ''}`}
                  aria-current={segment === item.id ? 'page' : undefined}
                  to={href('root.user.management', null, { segment: item.id })}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {segment === 'details' ? (
        <>
          <section className="card" aria-labelledby="contact-heading">
            <h2 className="card__title" id="contact-heading">
              Contact details
            </h2>
            <dl className="details">
              <div>
                <dt>Name</dt>
                <dd>{user.full_name || user.name || `${user.first_name} ${user.last_name}`}</dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>{user.email}</dd>
              </div>
              <div>
                <dt>Phone</dt>
                <dd>{user.phonenumber ? formatPhone(user.phonenumber, user.country) : 'Not given'}</dd>
              </div>
              <div>
                <dt>Country</dt>
                <dd>{countryName(user.country) ?? (user.country || 'Not given')}</dd>
              </div>
              <div>
                <dt>Players</dt>
                <dd>{players.length === 0 ? 'None yet' : players.map((player) => player.name).join(', ')}</dd>
              </div>
            </dl>
          </section>
          <FeatureList
            heading="Also managed here"
            items={[
              { icon: <PhoneIcon />, title: 'Shipping address', text: 'Where kits and replacement parts are sent.' },
              {
                icon: <CheckIcon />,
                title: 'Devices',
                text: 'The tablets your players use, and kiosk mode for each one.',
              },
            ]}
          />
        </>
      ) : (
        <BillingSegment user={user} />
      )}
    </Page>
  );
}
