/**
 * The tablets and phones that run the games (SPEC §3 Device): each with its type and last sync (in
 * the family's time zone, the spec's date format), a kiosk-mode switch — "Waiting for the tablet"
 * until the device has read the change — a new name, and revoking its token after confirming.
 * "Connect a tablet" opens the page where a parent types the code the game shows (issue 25).
 */
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEVICE_NAME_MAX, type FieldRule } from '@grove/domain';
import type { Device, DevicePage } from '@grove/domain/api/account';

import { AccountCard } from '../../components/account-card.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { GroveForm, type FormFieldConfig } from '../../components/form/grove-form.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { Switch } from '../../components/switch.tsx';
import { href } from '../../lib/paths.ts';
import { accountKeys } from '../../lib/queries/account.ts';
import { devicesQuery, renameDevice, revokeDevice, toggleKiosk, withDevice } from './account.api.ts';
import { formatDateTime } from '../../lib/format.ts';

/** The kinds of device the game names, in words; any other is shown as the game names it. */
const PLATFORM_WORDS: Readonly<Record<string, MessageDescriptor>> = { tablet: msg`Tablet`, phone: msg`Phone` };

/** 'tablet' → 'Tablet'; 'android' → 'Android'. */
function platformWord(platform: string, i18n: I18n): string {
  if (platform === '') return i18n._(msg`Unknown`);
  const known = PLATFORM_WORDS[platform.toLowerCase()];
  return known ? i18n._(known) : platform.charAt(0).toUpperCase() + platform.slice(1);
}

/** The way to the Connect a tablet page: the card's main action when it has no devices yet. */
function ConnectLink({ primary }: { primary: boolean }) {
  return (
    <p>
      <Link className={`button button--${primary ? 'primary' : 'secondary'}`} to={href('root.user.connect-device')}>
        <span className="button__label">
          <Trans>Connect a tablet</Trans>
        </span>
      </Link>
    </p>
  );
}

function RenameForm({ accountId, device, onClose }: { accountId: number; device: Device; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const fields = useMemo<readonly FormFieldConfig[]>(
    () => [{ name: 'name', label: t`Name`, required: true, maxLength: DEVICE_NAME_MAX, autoComplete: 'off' }],
    [t],
  );
  const rules = useMemo<Readonly<Record<string, FieldRule>>>(
    () => ({
      name: (value) => (value.trim() === '' ? { message: t`Give the device a name.`, severity: 'error' } : null),
    }),
    [t],
  );
  const name = device.name;
  const mutation = useMutation({
    mutationFn: (name: string) => renameDevice(accountId, device.id, name),
    onSuccess: (answer) => {
      queryClient.setQueryData(accountKeys.devices(accountId), (page: DevicePage | undefined) =>
        withDevice(page, answer),
      );
      onClose();
    },
    meta: { errorTitle: t`Renaming the device` },
  });
  return (
    <GroveForm
      type="save_cancel"
      title={t`Rename ${name}`}
      fields={fields}
      values={{ name: device.name }}
      rules={rules}
      onSubmit={(values) => mutation.mutateAsync(values.name ?? '')}
      onCancel={onClose}
    />
  );
}

function DeviceRow({
  accountId,
  device,
  timeZone,
  onRename,
  onRevoke,
}: {
  accountId: number;
  device: Device;
  timeZone: string | null;
  onRename: () => void;
  onRevoke: () => void;
}) {
  const { t, i18n } = useLingui();
  const name = device.name;
  const queryClient = useQueryClient();
  const nameId = useId();
  const pendingId = useId();
  const toggle = useMutation({
    mutationFn: (on: boolean) => toggleKiosk(accountId, device.id, on),
    onSuccess: (answer) =>
      queryClient.setQueryData(accountKeys.devices(accountId), (page: DevicePage | undefined) =>
        withDevice(page, answer),
      ),
    meta: { errorTitle: t`Changing kiosk mode of ${name}` },
  });
  const kioskOn = toggle.isPending && toggle.variables !== undefined ? toggle.variables : device.is_kiosk_mode;

  return (
    <li className="account-list__item device">
      <div className="account-list__main">
        <h3 className="device__name" id={nameId}>
          {device.name}
        </h3>
        <dl className="device__facts">
          <div>
            <dt>
              <Trans>Type</Trans>
            </dt>
            <dd>{platformWord(device.platform, i18n)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Last sync</Trans>
            </dt>
            <dd>{device.last_synced_at ? formatDateTime(device.last_synced_at, timeZone) : t`Not yet`}</dd>
          </div>
          {device.has_token ? null : device.connecting ? (
            <div>
              <dt>
                <Trans>Access</Trans>
              </dt>
              <dd>
                <Trans>Connecting — the tablet finishes by itself in a few seconds</Trans>
              </dd>
            </div>
          ) : (
            <div>
              <dt>
                <Trans>Access</Trans>
              </dt>
              <dd>
                <Trans>Revoked — connect the tablet again to use it</Trans>
              </dd>
            </div>
          )}
        </dl>
        <div className="device__kiosk">
          <Switch
            label={t`Kiosk mode`}
            checked={kioskOn}
            busy={toggle.isPending}
            labelledByExtra={nameId}
            describedBy={device.kiosk_mode_pending ? pendingId : undefined}
            onChange={(on) => toggle.mutate(on)}
          />
          {device.kiosk_mode_pending ? (
            <p className="device__pending" id={pendingId}>
              <span className="device__pending-dot" aria-hidden="true" />
              <Trans>Waiting for the tablet</Trans>
            </p>
          ) : null}
        </div>
      </div>
      <div className="account-list__actions" role="group" aria-label={t`Change ${name}`}>
        <Button variant="ghost" onClick={onRename}>
          <Trans>Rename</Trans>
        </Button>
        {device.has_token || device.connecting ? (
          <Button variant="ghost" onClick={onRevoke}>
            <Trans>Revoke access</Trans>
          </Button>
        ) : null}
      </div>
    </li>
  );
}

export function DevicesCard({ accountId, timeZone }: { accountId: number; timeZone: string | null }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const query = useQuery(devicesQuery(accountId));
  const [renaming, setRenaming] = useState<number | null>(null);
  const [revoking, setRevoking] = useState<Device | null>(null);
  const revokingName = revoking?.name ?? '';

  const revoke = async (device: Device) => {
    const answer = await revokeDevice(accountId, device.id);
    queryClient.setQueryData(accountKeys.devices(accountId), (page: DevicePage | undefined) =>
      withDevice(page, answer),
    );
  };

  let content;
  if (query.isPending) content = <Spinner label={t`Loading your devices…`} />;
  else if (query.isError) content = <LoadError what={t`your devices`} onRetry={query.refetch} />;
  else if (query.data.results.length === 0) {
    content = (
      <>
        <p className="account-card__intro">
          <Trans>
            No devices yet. Open the game on your family’s tablet: it shows a code to type in Grove, and the tablet then
            shows here.
          </Trans>
        </p>
        <ConnectLink primary />
      </>
    );
  } else {
    content = (
      <>
        <ul className="account-list">
          {query.data.results.map((device) =>
            renaming === device.id ? (
              <li key={device.id} className="account-list__item account-list__item--form">
                <RenameForm accountId={accountId} device={device} onClose={() => setRenaming(null)} />
              </li>
            ) : (
              <DeviceRow
                key={device.id}
                accountId={accountId}
                device={device}
                timeZone={timeZone}
                onRename={() => setRenaming(device.id)}
                onRevoke={() => setRevoking(device)}
              />
            ),
          )}
        </ul>
        <ConnectLink primary={false} />
      </>
    );
  }

  return (
    <AccountCard title={t`Devices`} intro={t`Kiosk mode keeps a tablet in the game, so players cannot leave it.`}>
      {content}
      {revoking ? (
        <ConfirmDialog
          title={t`Revoke access of ${revokingName}?`}
          confirmLabel={t`Revoke access`}
          onConfirm={() => revoke(revoking)}
          onClose={() => setRevoking(null)}
        >
          <p>
            <Trans>
              The device stops sending play to Grove until someone signs in to the game on it again. Play already sent
              stays.
            </Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </AccountCard>
  );
}
