import type { AdminUserItem } from '../../shared';
import { useT, type MessageKey } from '../../../../lib/i18n';

/** What an admin can do to another account. */
export type UserAction = 'grant' | 'revoke' | 'disable' | 'enable' | 'delete';

export const ACTION_LABELS: Record<UserAction, MessageKey> = {
  grant: 'adminCore.users.grant',
  revoke: 'adminCore.users.revoke',
  disable: 'adminCore.users.disable',
  enable: 'adminCore.users.enable',
  delete: 'adminCore.users.delete',
};

/** How a user is named in texts: e-mail, else display name, else 'Gast'. */
export function useUserName() {
  const t = useT();
  return (user: AdminUserItem) => user.email || user.display_name || t('adminCore.guest');
}

/** The buttons of a row: grant/revoke admin, disable/enable, delete; each names the user for screen readers. */
export function UserActions({ user, onAction }: { user: AdminUserItem; onAction: (action: UserAction) => void }) {
  const t = useT();
  const name = useUserName()(user);
  const actions: UserAction[] = [
    user.is_admin ? 'revoke' : 'grant',
    user.status === 'disabled' ? 'enable' : 'disable',
    'delete',
  ];
  return (
    <div className="user-actions">
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={
            action === 'disable' || action === 'delete' ? 'button button--tiny button--secondary user-actions__danger' : 'button button--tiny button--secondary'
          }
          aria-label={t('adminCore.users.actionFor', { action: t(ACTION_LABELS[action]), user: name })}
          onClick={() => onAction(action)}
        >
          {t(ACTION_LABELS[action])}
        </button>
      ))}
    </div>
  );
}
