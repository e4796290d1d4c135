import { TokensPage } from '../../../features/admin/tokens';

/** /token-management: model tokens used per period, plan and user. */
export default function AdminTokenManagementRoute() {
  return <TokensPage />;
}
