/**
 * The parent's share links (issue 17 item 5): a read-only link to one player's summary for a
 * clinician. The panel lists the account's links — player, time frame, expiry, status and how often
 * each was opened, with the view log to expand — makes a new one (player, from, to, days open up to
 * SHARE_LINK_MAX_DAYS, the name it shows) and shows its address once with a copy button, and revokes
 * a link after confirming. The rules and messages are the domain's (packages/domain/src/sharing.ts).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorText, localDateKey, resolveTimeZone } from '@grove/domain';
import {
  SHARE_DISPLAY_NAME_MAX,
  SHARE_LINK_DEFAULT_DAYS,
  SHARE_LINK_MAX_DAYS,
  addDaysToDateKey,
  defaultDisplayName,
  shareLinkSchema,
  type ShareLinkInput,
} from '@grove/domain/sharing';
import type { CreatedShareLink, ShareLink, ShareLinkPage } from '@grove/domain/api/sharing';
import type { Player } from '@grove/domain/api/players';

import { AccountCard } from '../../components/account-card.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Field, controlAria, fieldIds, type ShownIssue } from '../../components/form/field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatCalendarDate, formatDateTime } from '../../lib/format.ts';
import { domainText } from '../../lib/i18n.ts';
import { playersQuery } from '../../lib/queries/players.ts';
import { sharingKeys } from '../../lib/queries/sharing.ts';
import { createShare, revokeShare, sharesQuery, withShare } from './sharing.api.ts';
import '../../components/account-card.css';
import './sharing.css';
import { submitUnlessBusy } from '../../components/form/submit-unless-busy.ts';

const STATUS_WORDS: Record<ShareLink['status'], MessageDescriptor> = {
  active: msg({ message: 'Active', context: 'share link' }),
  expired: msg({ message: 'Expired', context: 'share link' }),
  revoked: msg({ message: 'Revoked', context: 'share link' }),
};
/** How far back the form's time frame starts by default. */
const DEFAULT_FRAME_DAYS = 90;

function frameText(link: { from_date: string; to_date: string }) {
  return `${formatCalendarDate(link.from_date)} – ${formatCalendarDate(link.to_date)}`;
}

/** The address of a new link, shown once, with a button that copies it. */
function NewLink({ link, timeZone, onDone }: { link: CreatedShareLink; timeZone: string | null; onDone: () => void }) {
  const { t } = useLingui();
  const inputId = useId();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const name = link.display_name;
  const until = formatDateTime(link.expires_at, timeZone);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied('yes');
    } catch {
      input.current?.select();
      setCopied('no');
    }
  };
  return (
    <div className="share-new" role="group" aria-labelledby={`${inputId}-title`}>
      <h3 className="share-new__title" id={`${inputId}-title`}>
        <Trans>Your link for {name} is ready</Trans>
      </h3>
      <p>
        <Trans>
          Copy it now and send it to the clinician: for your child’s privacy Grove keeps no copy, so it is shown only
          this once. It works until {until}.
        </Trans>
      </p>
      <div className="share-new__row">
        <label className="visually-hidden" htmlFor={inputId}>
          <Trans>Link to share</Trans>
        </label>
        <input
          ref={input}
          id={inputId}
          className="input share-new__url"
          type="text"
          readOnly
          value={link.url}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          <Trans>Copy link</Trans>
        </Button>
      </div>
      <p className="share-new__status" role="status">
        {copied === 'yes'
          ? t`Copied.`
          : copied === 'no'
            ? t`Copying did not work here: the link is selected, copy it with your keyboard.`
            : ''}
      </p>
      <Button variant="ghost" onClick={onDone}>
        <Trans>Done</Trans>
      </Button>
    </div>
  );
}

type FormValues = ShareLinkInput;

function ShareForm({
  accountId,
  timeZone,
  players,
  onCreated,
}: {
  accountId: number;
  timeZone: string | null;
  players: readonly Player[];
  onCreated: (link: CreatedShareLink) => void;
}) {
  const { t } = useLingui();
  const baseId = useId();
  const today = localDateKey(new Date(), resolveTimeZone(timeZone));
  const first = players[0];
  const defaults: FormValues = {
    player_id: first?.id ?? Number.NaN,
    from_date: addDaysToDateKey(today, -DEFAULT_FRAME_DAYS),
    to_date: today,
    expires_in_days: SHARE_LINK_DEFAULT_DAYS,
    display_name: first ? defaultDisplayName(first.name) : '',
  };
  const form = useForm<FormValues>({
    resolver: zodResolver(shareLinkSchema),
    mode: 'onTouched',
    defaultValues: defaults,
  });
  const { errors, touchedFields, isSubmitted, isSubmitting } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  const playerId = useWatch({ control: form.control, name: 'player_id' });

  // The name proposed is the chosen player's first name, until the parent writes another.
  const proposed = useRef(defaults.display_name);
  useEffect(() => {
    const player = players.find((p) => p.id === Number(playerId));
    if (!player) return;
    const current = form.getValues('display_name');
    if (current === proposed.current) {
      proposed.current = defaultDisplayName(player.name);
      form.setValue('display_name', proposed.current);
    }
  }, [playerId, players, form]);

  const issue = (name: keyof FormValues): ShownIssue => {
    const error = errors[name];
    if (!error?.message) return null;
    return error.type === 'server' || touchedFields[name] || isSubmitted
      ? { message: String(error.message), severity: 'error' }
      : null;
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const created = await createShare(accountId, values);
      onCreated(created);
      proposed.current = defaultDisplayName(players.find((p) => p.id === created.player.id)?.name ?? '');
      form.reset({ ...values, display_name: proposed.current });
    } catch (failure) {
      if (!(failure instanceof ApiError)) {
        setFormError(errorText(failure));
        return;
      }
      const general = [...failure.nonFieldErrors];
      for (const [name, messages] of Object.entries(failure.fieldErrors)) {
        if (name in defaults) form.setError(name as keyof FormValues, { type: 'server', message: messages.join(' ') });
        else general.push(...messages);
      }
      setFormError(
        general.length > 0 ? general.join(' ') : Object.keys(failure.fieldErrors).length ? null : failure.message,
      );
    }
  });

  const ids = {
    player: fieldIds(`${baseId}-player`),
    from: fieldIds(`${baseId}-from`),
    to: fieldIds(`${baseId}-to`),
    days: fieldIds(`${baseId}-days`),
    name: fieldIds(`${baseId}-name`),
  };
  const titleId = `${baseId}-title`;
  const maxDays = SHARE_LINK_MAX_DAYS;

  return (
    <form className="share-form" aria-labelledby={titleId} noValidate onSubmit={submitUnlessBusy(isSubmitting, submit)}>
      <h3 className="share-form__title" id={titleId}>
        <Trans>Make a new link</Trans>
      </h3>
      <div className="share-form__fields">
        <Field ids={ids.player} label={t`Player`} issue={issue('player_id')} required>
          <select
            id={ids.player.control}
            className="input select"
            aria-required
            {...controlAria(ids.player, issue('player_id'), false)}
            {...form.register('player_id', { valueAsNumber: true })}
          >
            {players.map((player) => (
              <option key={player.id} value={player.id}>
                {player.name}
              </option>
            ))}
          </select>
        </Field>
        <Field
          ids={ids.name}
          label={t`Child’s name on the summary`}
          hint={t`Your child’s name as printed on the summary, such as a first name or initials. The clinician sees only this name, nothing else of your family.`}
          issue={issue('display_name')}
          required
        >
          <input
            id={ids.name.control}
            className="input"
            type="text"
            autoComplete="off"
            maxLength={SHARE_DISPLAY_NAME_MAX}
            aria-required
            {...controlAria(ids.name, issue('display_name'), true)}
            {...form.register('display_name')}
          />
        </Field>
        <Field ids={ids.from} label={t`Play from`} issue={issue('from_date')} required>
          <input
            id={ids.from.control}
            className="input"
            type="date"
            max={today}
            aria-required
            {...controlAria(ids.from, issue('from_date'), false)}
            {...form.register('from_date', { deps: ['to_date'] })}
          />
        </Field>
        <Field ids={ids.to} label={t`Play to`} issue={issue('to_date')} required>
          <input
            id={ids.to.control}
            className="input"
            type="date"
            aria-required
            {...controlAria(ids.to, issue('to_date'), false)}
            {...form.register('to_date')}
          />
        </Field>
        <Field
          ids={ids.days}
          label={t`Days the link stays open`}
          hint={t`At most ${maxDays} days. You can revoke it sooner at any time.`}
          issue={issue('expires_in_days')}
          required
        >
          <input
            id={ids.days.control}
            className="input share-form__days"
            type="number"
            inputMode="numeric"
            min={1}
            max={SHARE_LINK_MAX_DAYS}
            step={1}
            aria-required
            {...controlAria(ids.days, issue('expires_in_days'), true)}
            {...form.register('expires_in_days', { valueAsNumber: true })}
          />
        </Field>
      </div>
      {formError ? (
        <p className="form-error" role="alert">
          {domainText(formError)}
        </p>
      ) : null}
      <Button type="submit" loading={isSubmitting}>
        <Trans>Create link</Trans>
      </Button>
    </form>
  );
}

function ViewLog({ link, timeZone }: { link: ShareLink; timeZone: string | null }) {
  const { t } = useLingui();
  const count = link.view_count;
  if (count === 0) {
    return (
      <p className="share-link__views">
        <Trans>Not opened yet</Trans>
      </p>
    );
  }
  const times = t({ message: plural(count, { one: '# time', other: '# times' }) });
  const listed = link.views.length;
  return (
    <details className="share-link__log">
      <summary>
        <Trans>
          Opened {times}
          <span className="visually-hidden"> — show when and from where</span>
        </Trans>
      </summary>
      <ul>
        {link.views.map((view) => {
          const { browser, network } = view;
          const when = formatDateTime(view.viewed_at, timeZone);
          return (
            <li key={`${view.viewed_at}-${view.network}-${view.browser}`}>
              {t`${when} · ${browser} · network ${network}`}
            </li>
          );
        })}
      </ul>
      {count > listed ? (
        <p className="share-link__more">
          <Trans>The latest {listed} are listed.</Trans>
        </p>
      ) : null}
    </details>
  );
}

function LinkRow({ link, timeZone, onRevoke }: { link: ShareLink; timeZone: string | null; onRevoke: () => void }) {
  const { i18n } = useLingui();
  const nameId = useId();
  const shownName = link.display_name;
  return (
    <li className="account-list__item share-link">
      <div className="account-list__main">
        <h4 className="account-list__name" id={nameId}>
          {link.player.name}
          {link.display_name !== link.player.name ? (
            <span className="share-link__shown">
              {' '}
              <Trans>· shown as “{shownName}”</Trans>
            </span>
          ) : null}
        </h4>
        <dl className="share-link__facts">
          <div>
            <dt>
              <Trans>Play shown</Trans>
            </dt>
            <dd>{frameText(link)}</dd>
          </div>
          <div>
            <dt>
              {link.status === 'expired' ? (
                <Trans context="share link">Expired</Trans>
              ) : (
                <Trans context="share link">Expires</Trans>
              )}
            </dt>
            <dd>{formatDateTime(link.expires_at, timeZone)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Status</Trans>
            </dt>
            <dd>
              <span className={`share-status share-status--${link.status}`}>{i18n._(STATUS_WORDS[link.status])}</span>
            </dd>
          </div>
        </dl>
        <ViewLog link={link} timeZone={timeZone} />
      </div>
      {link.status === 'active' ? (
        <div className="account-list__actions">
          <Button variant="ghost" onClick={onRevoke}>
            <Trans>
              Revoke<span className="visually-hidden"> the link for {shownName}</span>
            </Trans>
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** `timeZone`: the family's; the links' dates read in it (SPEC §9 format). */
export function SharePanel(props: { accountId: number; timeZone: string | null }) {
  const { accountId, timeZone } = props;
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const players = useQuery(playersQuery(accountId));
  const shares = useQuery(sharesQuery(accountId));
  const [created, setCreated] = useState<CreatedShareLink | null>(null);
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  const listTitleId = useId();

  const put = (link: ShareLink) =>
    queryClient.setQueryData(sharingKeys.list(accountId), (page: ShareLinkPage | undefined) => withShare(page, link));

  let form;
  if (players.isPending) form = <Spinner label={t`Loading your players…`} />;
  else if (players.isError) form = <LoadError what={t`your players`} onRetry={players.refetch} />;
  else if (players.data.results.length === 0) {
    form = (
      <p>
        <Trans>Once a player is added, you can share their summary here.</Trans>
      </p>
    );
  } else {
    form = (
      <ShareForm
        accountId={accountId}
        timeZone={timeZone}
        players={players.data.results}
        onCreated={(link) => {
          setCreated(link);
          put(link);
        }}
      />
    );
  }

  let list;
  if (shares.isPending) list = <Spinner label={t`Loading your share links…`} />;
  else if (shares.isError) list = <LoadError what={t`your share links`} onRetry={shares.refetch} />;
  else if (shares.data.results.length === 0) {
    list = (
      <p>
        <Trans>No links yet.</Trans>
      </p>
    );
  } else {
    list = (
      <ul className="account-list" aria-labelledby={listTitleId}>
        {shares.data.results.map((link) => (
          <LinkRow key={link.id} link={link} timeZone={timeZone} onRevoke={() => setRevoking(link)} />
        ))}
      </ul>
    );
  }

  const revokingName = revoking?.display_name ?? '';
  const revokingFrame = revoking ? frameText(revoking) : '';
  return (
    <AccountCard
      title={t`Share with your child’s clinician`}
      className="share-panel"
      intro={t`A read-only link to one player’s summary — weekly minutes, heart-rate rises, cooldowns, gauge and chase speed — for the dates you choose. The clinician needs no account and sees nothing else of your family. You see each time the link is opened, and you can revoke it at any time.`}
    >
      {created ? (
        <NewLink
          link={created}
          timeZone={timeZone}
          onDone={() => {
            setCreated(null);
            document.getElementById(listTitleId)?.focus();
          }}
        />
      ) : null}
      {form}
      <h3 className="share-panel__subtitle" id={listTitleId} tabIndex={-1}>
        <Trans>Your links</Trans>
      </h3>
      {list}
      {revoking ? (
        <ConfirmDialog
          title={t`Revoke the link for ${revokingName}?`}
          confirmLabel={t`Revoke link`}
          onConfirm={async () => put(await revokeShare(accountId, revoking.id))}
          onClose={() => setRevoking(null)}
          fallbackFocus={() => document.getElementById(listTitleId)}
        >
          <p>
            <Trans>
              Whoever has the link can no longer open the summary ({revokingFrame}). This cannot be undone; you can make
              a new link later.
            </Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </AccountCard>
  );
}
