/**
 * The e-mails of a family's data rights (issue 17): an export is ready, a deletion was carried out,
 * play data is about to be removed. Made in the recipient's language (content.ts).
 */
import type { Locale } from '../../locales/i18n.ts';
import { action, hello, paragraph, type EmailContent } from './content.ts';

/** A parent's data export is ready (issue 17). */
interface ExportReadyData {
  firstName: string;
  /** The player whose data it is; null: the whole family's. */
  playerName: string | null;
  /** Until when it can be downloaded, already formatted in the family's time zone. */
  until: string;
  /** Account → Privacy (an absolute URL): downloads need the parent signed in. */
  privacyUrl: string;
}

/** A deletion was carried out (issue 17). */
interface DeletionDoneData {
  firstName: string;
  scope: 'player' | 'account';
  /** The player's first name (scope 'player'). */
  playerName: string;
  /** Account → Privacy (an absolute URL); for a closed account, the portal's home page. */
  url: string;
}

/** The retention job's reminder, before a cancelled account's play data is removed (issue 17). */
interface RetentionReminderData {
  firstName: string;
  /** The removal date, already formatted in the family's time zone. */
  removalDate: string;
  monthsAfterCancellation: number;
  /** Account → Privacy (an absolute URL), where the export is. */
  privacyUrl: string;
  /** Where to renew (an absolute URL). */
  renewUrl: string;
}

export const privacyTemplates = {
  /** A data export finished (issue 17): where to download it, and until when. */
  data_export_ready: ({ firstName, playerName, until, privacyUrl }: ExportReadyData, { i18n }: Locale) => ({
    subject: i18n._({ id: 'email.data_export_ready.subject', message: 'Your Grove data export is ready' }),
    blocks: [
      hello(i18n, firstName),
      paragraph(
        playerName === null
          ? i18n._({
              id: 'email.data_export_ready.family',
              message:
                'The copy of your family’s data you asked for is ready. Sign in and download it from Account → Privacy until {until}; after that the file is deleted and you can ask for a new one.',
              values: { until },
            })
          : i18n._({
              id: 'email.data_export_ready.player',
              message:
                'The copy of {playerName}’s data you asked for is ready. Sign in and download it from Account → Privacy until {until}; after that the file is deleted and you can ask for a new one.',
              values: { playerName, until },
            }),
      ),
      action(i18n._({ id: 'email.data_export_ready.action', message: 'Download my data' }), privacyUrl),
      paragraph(
        i18n._({
          id: 'email.data_export_ready.not_you',
          message: 'If you did not ask for this copy, please change your password and contact support.',
        }),
      ),
    ],
  }),
  /** A deletion was carried out (issue 17): what is gone, what billing law keeps. */
  data_deleted: ({ firstName, scope, playerName, url }: DeletionDoneData, { i18n }: Locale): EmailContent => ({
    subject:
      scope === 'player'
        ? i18n._({
            id: 'email.data_deleted.player.subject',
            message: '{playerName}’s data has been deleted',
            values: { playerName },
          })
        : i18n._({ id: 'email.data_deleted.account.subject', message: 'Your Grove account is closed' }),
    blocks: [
      hello(i18n, firstName),
      paragraph(
        scope === 'player'
          ? i18n._({
              id: 'email.data_deleted.player.body',
              message:
                'As you asked, we deleted {playerName}’s player profile and all of their play and heart-rate data, survey answers and the notes about them. This cannot be undone.',
              values: { playerName },
            })
          : i18n._({
              id: 'email.data_deleted.account.body',
              message:
                'As you asked, we closed your Grove account and deleted your family’s players, play and heart-rate data, survey answers, notes, messages and sign-in details. This cannot be undone.',
            }),
      ),
      paragraph(
        i18n._({
          id: 'email.data_deleted.kept',
          message: 'We keep only what tax law requires: your orders, invoices and payments, for seven years.',
        }),
      ),
      action(
        scope === 'player'
          ? i18n._({ id: 'email.data_deleted.player.action', message: 'See my privacy page' })
          : i18n._({ id: 'email.data_deleted.account.action', message: 'Visit Grove' }),
        url,
      ),
    ],
  }),
  /** The retention job's reminder (issue 17): a cancelled family's play data is about to go. */
  retention_reminder: (
    { firstName, removalDate, monthsAfterCancellation, privacyUrl, renewUrl }: RetentionReminderData,
    { i18n }: Locale,
  ): EmailContent => ({
    subject: i18n._({
      id: 'email.retention_reminder.subject',
      message: 'Your children’s Grove play data will be deleted soon',
    }),
    blocks: [
      hello(i18n, firstName),
      paragraph(
        i18n._({
          id: 'email.retention_reminder.body',
          message:
            'Your Grove subscription ended almost {months, plural, one {# month} other {# months}} ago. As our privacy policy says, we will delete your players’ play and heart-rate data, survey answers and the notes about them on {removalDate}.',
          values: { months: monthsAfterCancellation, removalDate },
        }),
      ),
      paragraph(
        i18n._({
          id: 'email.retention_reminder.copy',
          message:
            'If you would like a copy, download it from Account → Privacy before then. If you renew your subscription, nothing is deleted.',
        }),
      ),
      action(i18n._({ id: 'email.retention_reminder.download', message: 'Download a copy' }), privacyUrl),
      action(i18n._({ id: 'email.retention_reminder.renew', message: 'Renew my subscription' }), renewUrl),
    ],
  }),
} satisfies Record<string, (data: never, locale: Locale) => EmailContent>;
