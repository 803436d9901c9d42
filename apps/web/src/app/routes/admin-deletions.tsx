/**
 * /admin/deletions (admin nav; issue 17 item 3, docs/decisions/0039): the deletions families have
 * asked for that wait for their grace period to end, soonest first. Staff see them and cannot undo
 * them or bring erased data back.
 */
import { Page } from '../../components/page.tsx';
import '../../features/staff/admin.css';
import { PendingDeletionsTable } from '../../features/data-rights/pending-deletions.tsx';
import '../../features/data-rights/data-rights.css';
import { useListParams } from '../../features/staff/use-list-params.ts';

export function AdminDeletionsRoute() {
  const list = useListParams([]);
  return (
    <Page
      title="Pending deletions"
      intro="Player data and accounts families asked to delete, soonest first. Each is carried out when its grace period ends."
    >
      <section className="card admin-results" aria-label="Pending deletions found">
        <p className="admin-deletions__note">
          Only the family can undo a deletion, from their Privacy page, until it is due. Staff cannot undo one, and once
          it is carried out nothing can be restored.
        </p>
        <PendingDeletionsTable query={list.query} onPage={list.follow} />
      </section>
    </Page>
  );
}
