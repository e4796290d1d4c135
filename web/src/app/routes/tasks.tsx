import { AssignmentsPage } from '../../features/assignments';

/** /team/assignments, the team's assignments (owners and managers; a member sees the server's 403 text). */
export default function TeamAssignmentsRoute() {
  return <AssignmentsPage />;
}
