import { DashboardPage } from '../../features/dashboard';

/** /dashboard (regular users; the admin route set sends admins to /admin-dashboard). */
export default function DashboardRoute() {
  return <DashboardPage />;
}
