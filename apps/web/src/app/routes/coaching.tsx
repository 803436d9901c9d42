/**
 * root.user.booking — /dashboard/coaching?ref (SPEC §2; dashboard/booking redirects here keeping
 * `ref`). The loader applies the coaching rule of docs/decisions/0007 (session-rules.ts `coaching`:
 * cancelled or returned users go home). One screen per role (docs/decisions/0020):
 * - a coach, or staff: the coach's workspace (features/coaching/coach-workspace.tsx);
 * - anyone else (a family): booking, calls and shared notes (features/coaching/booking-page.tsx).
 *
 * The route composes the account feature with coaching: the family's coach comes from its account
 * (GET /api/v2/accounts/{id}/ `coach_user`), and a coach's note is written "by a user of the
 * family" (the contract), found in the same account record. Under a family's brief it puts the
 * customer interactions (features/interactions).
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';

import type { UserInfo } from '@grove/domain/api/user';

import { BookingPage } from '../../features/coaching/booking-page.tsx';
import { CoachWorkspace } from '../../features/coaching/coach-workspace.tsx';
import type { FamilyExtra } from '../../features/coaching/family-brief.tsx';
import { InteractionsPanel } from '../../features/interactions/interactions-panel.tsx';
import { accountDetailQuery } from '../../lib/queries/account.ts';
import { useUserLayout } from '../layouts/layout-context.ts';

/** Whether `user` sees the coach's workspace rather than booking. */
export function seesCoachWorkspace(user: Pick<UserInfo, 'is_coach' | 'is_staff'>): boolean {
  return user.is_coach || user.is_staff;
}

function FamilyCoaching({ user, bookingRef }: { user: UserInfo; bookingRef: string | null }) {
  const accountId = user.account?.id ?? null;
  const account = useQuery({ ...accountDetailQuery(accountId ?? 0), enabled: accountId !== null });
  return (
    <BookingPage
      user={user}
      bookingRef={bookingRef}
      familyCoach={account.isSuccess ? account.data.coach_user : undefined}
      familyCoachPending={accountId !== null && account.isPending}
    />
  );
}

/** Under a family's brief: the conversations with it, times in the family's zone. */
const familyInteractions: FamilyExtra = ({ accountId, timeZone }) => (
  <InteractionsPanel accountId={accountId} timeZone={timeZone} headingLevel={3} className="brief-interactions" />
);

function CoachCoaching({ user, familyId }: { user: UserInfo; familyId: number | null }) {
  const queryClient = useQueryClient();
  const familyUserId = useCallback(
    async (accountId: number) => (await queryClient.fetchQuery(accountDetailQuery(accountId))).users[0]?.id ?? null,
    [queryClient],
  );
  return (
    <CoachWorkspace
      key={familyId}
      user={user}
      familyUserId={familyUserId}
      familyExtra={familyInteractions}
      initialAccountId={familyId}
    />
  );
}

export function CoachingRoute() {
  const { user } = useUserLayout();
  const [search] = useSearchParams();
  if (seesCoachWorkspace(user)) {
    // ?family=<account id> (the caseload's links) opens that family's brief.
    const familyId = Number(search.get('family'));
    return <CoachCoaching user={user} familyId={Number.isInteger(familyId) && familyId > 0 ? familyId : null} />;
  }
  return <FamilyCoaching user={user} bookingRef={search.get('ref')} />;
}
