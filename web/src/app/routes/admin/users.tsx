import { UsersPage } from '../../../features/admin/users';

/** /users 'Benutzer'. */
export default function AdminUsersRoute() {
  return <UsersPage />;
}
