import { Avatar } from '../../../components/ui/Avatar';
import { BotIcon, FileIcon } from '../../../components/ui/icons/app';
import { useT } from '../../../lib/i18n';
import type { UiMessage } from '../hooks/chat-state';
import { Markdown } from '../lib/markdown';

/** Lines that keep a model on the product; never shown. */
export { ShareWithTeam } from '../../team';

export const REMINDER_PREFIX = 'Zur Erinnerung: Das Produkt, um das es geht, ist: ';

export const isHumanRole = (role: string) => role === 'user' || role === 'seller';

export interface MessageListProps {
  messages: UiMessage[];
  userName: string;
  avatarUrl?: string | null;
  /** The customer is thinking (a request runs and no reply token has come yet). */
  waiting: boolean;
  hasEvaluation: boolean;
  evaluationLoading: boolean;
  onRequestEvaluation: () => void;
  onNewChat: () => void;
}

function CompletionMessage({
  hasEvaluation,
  evaluationLoading,
  onRequestEvaluation,
  onNewChat,
}: Pick<MessageListProps, 'hasEvaluation' | 'evaluationLoading' | 'onRequestEvaluation' | 'onNewChat'>) {
  const t = useT();
  return (
    <li className="message message--system message--completion">
      <div className="completion">
        <p className="completion__title">
          {t('chat.won')}
        </p>
        <div className="completion__actions">
          {!hasEvaluation ? (
            <button
              type="button"
              className="button button--primary button--small"
              disabled={evaluationLoading}
              onClick={onRequestEvaluation}
            >
              {evaluationLoading ? t('chat.evaluation.loading') : t('chat.requestEvaluation')}
            </button>
          ) : null}
          <button type="button" className="button button--secondary button--small" onClick={onNewChat}>
            {t('chat.newChat')}
          </button>
        </div>
      </div>
    </li>
  );
}

/**
 * The conversation: system lines centred, the user's side (user, seller)
 * right with the avatar, the customer left. Reminder lines are hidden.
 */
export function MessageList({
  messages,
  userName,
  avatarUrl,
  waiting,
  hasEvaluation,
  evaluationLoading,
  onRequestEvaluation,
  onNewChat,
}: MessageListProps) {
  const t = useT();
  const visible = messages.filter((m) => !m.content.startsWith(REMINDER_PREFIX));
  const streaming = visible.some((m) => m.streaming);
  // The log region makes screen readers announce the customer's replies as
  // they arrive; while one streams it is busy, so the reply is read once, whole.
  return (
    <div role="log" aria-label={t('chat.messages')} aria-busy={streaming || waiting}>
      <ol className="messages" aria-label={t('chat.messages')} aria-busy={streaming || waiting}>
        {visible.map((m) => {
          if (m.role === 'system') {
            if (m.isCompletion) {
              return (
                <CompletionMessage
                  // one per chat: a stable key, so the server's copy does not replace the element
                  key="completion"
                  hasEvaluation={hasEvaluation}
                  evaluationLoading={evaluationLoading}
                  onRequestEvaluation={onRequestEvaluation}
                  onNewChat={onNewChat}
                />
              );
            }
            return (
              <li key={m.id} className="message message--system">
                <div className="message__system">
                  <Markdown text={m.content} />
                </div>
              </li>
            );
          }
          const human = isHumanRole(m.role);
          return (
            <li
              key={m.id}
              className={human ? 'message message--human' : 'message message--bot'}
              data-streaming={m.streaming ? 'true' : undefined}
            >
              {human ? (
                <Avatar name={userName} url={avatarUrl} className="message__avatar" />
              ) : (
                <span className="message__avatar message__avatar--bot" aria-hidden="true">
                  <BotIcon />
                </span>
              )}
              <div className="message__bubble">
                <span className="visually-hidden">{human ? t('chat.you') : t('chat.customer')}: </span>
                <Markdown text={m.content} />
                {m.pdfName ? (
                  <p className="message__file">
                    <FileIcon width={16} height={16} />
                    <span className="visually-hidden">{t('chat.attachmentLabel')}: </span>
                    <span>{m.pdfName}</span>
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
        {waiting && !streaming ? (
          <li className="message message--bot message--typing">
            <span className="message__avatar message__avatar--bot" aria-hidden="true">
              <BotIcon />
            </span>
            <div className="message__bubble">
              <span className="typing" aria-hidden="true">
                <span />
                <span />
                <span />
              </span>
              <span className="visually-hidden">{t('chat.typing')}</span>
            </div>
          </li>
        ) : null}
      </ol>
    </div>
  );
}
