import { CompliancePage } from '../../../features/admin/compliance';

/** /compliance 'Compliance'. */
export default function AdminComplianceRoute() {
  return <CompliancePage />;
}
