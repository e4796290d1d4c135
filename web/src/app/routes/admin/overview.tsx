import { OverviewPage } from '../../../features/admin/overview';

/** /admin-dashboard 'Übersicht'. */
export default function AdminOverviewRoute() {
  return <OverviewPage />;
}
