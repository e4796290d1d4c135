import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { Alert } from '../../../../components/ui/Alert';
import { errorMessage, useT } from '../../../../lib/i18n';
import { useAdminFormat } from '../../shared';
import { adminConversationQueryOptions } from '../api/conversations';
import { modeLabel } from './mode-label';

/**
 * The selected conversation: id, mode and creation time, then every message
 * as 'role: content' (oldest first). Without an id: 'Keine Konversation ausgewählt.'
 */
export function ConversationView({ id }: { id: string | null }) {
  const t = useT();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const shownId = useRef(id);

  // A conversation picked from the list below: take the focus to it (not on first load).
  useEffect(() => {
    if (id && id !== shownId.current) heading.current?.focus();
    shownId.current = id;
  }, [id]);

  return (
    <section className="panel admin-section" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="admin-section__title">
        {t('adminCore.chats.conversation')}
      </h2>
      {id ? <Detail id={id} /> : <p className="admin-muted">{t('adminCore.chats.none')}</p>}
    </section>
  );
}

function Detail({ id }: { id: string }) {
  const t = useT();
  const format = useAdminFormat();
  const conversation = useQuery(adminConversationQueryOptions(id));

  if (conversation.isPending) {
    return (
      <p className="admin-muted" role="status">
        {t('adminCore.loading')}
      </p>
    );
  }
  if (conversation.isError) return <Alert tone="error">{errorMessage(conversation.error, t)}</Alert>;

  const c = conversation.data;
  return (
    <>
      <dl className="conversation__facts">
        <div>
          <dt>{t('adminCore.chats.id')}</dt>
          <dd className="conversation__id">{c.id}</dd>
        </div>
        <div>
          <dt>{t('adminCore.chats.mode')}</dt>
          <dd>{modeLabel(c.mode, t)}</dd>
        </div>
        <div>
          <dt>{t('adminCore.chats.createdAt')}</dt>
          <dd>
            <time dateTime={c.created_at}>{format.dateTime(c.created_at)}</time>
          </dd>
        </div>
        {c.title ? (
          <div>
            <dt>{t('adminCore.chats.title')}</dt>
            <dd>{c.title}</dd>
          </div>
        ) : null}
        {c.user_email ? (
          <div>
            <dt>{t('adminCore.chats.user')}</dt>
            <dd>{c.user_email}</dd>
          </div>
        ) : null}
        {c.deleted_at ? (
          <div>
            <dt>{t('adminCore.chats.state')}</dt>
            <dd>
              <span className="badge badge--danger">{t('adminCore.chats.state.deleted')}</span>
            </dd>
          </div>
        ) : null}
      </dl>
      <h3 className="conversation__messages-title">{t('adminCore.chats.messages')}</h3>
      {c.messages.length === 0 ? (
        <p className="admin-muted">{t('adminCore.chats.noMessages')}</p>
      ) : (
        <ol className="conversation__messages">
          {c.messages.map((m) => (
            <li key={m.id} className={`conversation__message conversation__message--${m.role}`}>
              <strong className="conversation__role">{m.role}:</strong>{' '}
              <span className="conversation__content">{m.content}</span>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
