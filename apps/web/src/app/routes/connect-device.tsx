/**
 * root.user.connect-device — /dashboard/connect?code= (issue 25 item 3): the page where a parent
 * types the code the game shows on the family's tablet (RFC 8628's verification URI; the game's QR
 * code carries `?code=`). The flow is features/devices; the route adds what depends on other
 * features: once the tablet is connected, the devices list, the account and the welcome checklist
 * ("Connect the tablet" ticks itself) are read again, and the next steps link to the players, the
 * band's guide, Account → Devices and Home.
 *
 * Reached from Home (the next step, the no-players state), the welcome checklist and Account →
 * Devices. Staff and coaches have no family account: the page tells them it is for families.
 */
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';

import { EmptyState, Page } from '../../components/page.tsx';
import { ConnectDevice } from '../../features/devices/connect-device.tsx';
import { HOME_PATH, href } from '../../lib/paths.ts';
import { accountKeys } from '../../lib/queries/account.ts';
import { onboardingKeys } from '../../lib/queries/onboarding.ts';
import { BAND_ARTICLE_SLUG } from '../../lib/step-links.ts';
import { useUserLayout } from '../layouts/layout-context.ts';

const DEVICES_HREF = href('root.user.management', null, { segment: 'details' });

function NextSteps({ hasPlayers }: { hasPlayers: boolean }) {
  return (
    <>
      <h3 className="card__title">
        <Trans>What’s next</Trans>
      </h3>
      <ol className="connect-next">
        {hasPlayers ? null : (
          <li>
            <Trans>
              <strong>Add your players.</strong> Each child gets a player profile, so their games count for them.{' '}
              <Link to={href('root.user.management', null, { segment: 'players' })}>Add your first player</Link>
            </Trans>
          </li>
        )}
        <li>
          <Trans>
            <strong>Pair the heart-rate band</strong> in the game’s settings on the tablet.{' '}
            <Link to={href('root.user.resources', null, { article: BAND_ARTICLE_SLUG })}>How to wear the band</Link>
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Play the first game.</strong> Once it is finished, Home shows the week’s minutes and heart-rate
            practice.
          </Trans>
        </li>
      </ol>
      <div className="connect-actions">
        <Link className="button button--primary" to={HOME_PATH}>
          <Trans>Go to Home</Trans>
        </Link>
        <Link className="button button--secondary" to={DEVICES_HREF}>
          <Trans>See your devices</Trans>
        </Link>
      </div>
    </>
  );
}

export function ConnectDeviceRoute() {
  const { t } = useLingui();
  const { user, players, playersLoaded } = useUserLayout();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const account = user.account;

  return (
    <Page
      title={t`Connect a tablet`}
      intro={t`Link the game on your family’s tablet to Grove, so that every game your players finish shows up here.`}
      width="narrow"
    >
      {account ? (
        <ConnectDevice
          accountId={account.id}
          timeZone={account.time_zone}
          initialCode={search.get('code')}
          onConnected={() => {
            void queryClient.invalidateQueries({ queryKey: accountKeys.devices(account.id) });
            void queryClient.invalidateQueries({ queryKey: accountKeys.detail(account.id) });
            void queryClient.invalidateQueries({ queryKey: onboardingKeys.all });
          }}
          next={<NextSteps hasPlayers={!playersLoaded || players.length > 0} />}
          homeLink={
            <Link to={HOME_PATH}>
              <Trans>Go to Home</Trans>
            </Link>
          }
        />
      ) : (
        <EmptyState
          title={t`Connecting a tablet is for families`}
          action={
            <Link to={HOME_PATH}>
              <Trans>Go to Home</Trans>
            </Link>
          }
        >
          <p>
            <Trans>
              A tablet is connected to a family’s account, and yours has no family of its own. A parent of the family
              types the tablet’s code in their own Grove.
            </Trans>
          </p>
        </EmptyState>
      )}
    </Page>
  );
}
