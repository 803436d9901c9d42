/**
 * root.user.management — /dashboard/account?segment= (SPEC §2): the account details
 * (features/account: profile, e-mail, password, shipping, people, devices, orders, settings) and,
 * for billing users, Subscription & Billing (features/billing). The side menu opens the details
 * segment; only billing users get the Subscription & Billing tab, and anyone else who opens
 * ?segment=billing is told why there is nothing to manage. account/manage/* redirects here
 * (session-rules.ts managementRedirect).
 */
import { Link, useSearchParams } from 'react-router';

import { Page } from '../../components/page.tsx';
import { AccountDetails } from '../../features/account/account-details.tsx';
import { BillingSegment } from '../../features/billing/billing-segment.tsx';
import { useUserLayout } from '../layouts/layout-context.ts';
import { href } from '../paths.ts';

type Segment = 'details' | 'billing';

export function AccountRoute() {
  const { user } = useUserLayout();
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
      {segment === 'details' ? <AccountDetails user={user} /> : <BillingSegment user={user} />}
    </Page>
  );
}
