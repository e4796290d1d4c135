import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useNavigate } from '../../lib/router';
import {
  conversationQueryKey,
  conversationsQueryKey,
  conversationsQueryOptions,
  deleteConversation,
  renameConversation,
  type Conversation,
} from '../../lib/api';
import { useActiveConversation } from '../../lib/active-conversation';
import { errorMessage, useT, type MessageKey } from '../../lib/i18n';
import { Dialog } from '../ui/Dialog';
import { useMenu } from '../ui/menu';
import { RelativeTime } from '../ui/RelativeTime';
import { MoreIcon, PencilIcon, TrashIcon } from '../ui/icons/app';

const DIFFICULTY_KEYS: Record<number, MessageKey> = {
  1: 'difficulty.1',
  2: 'difficulty.2',
  3: 'difficulty.3',
};

function modeLabel(c: Conversation, t: ReturnType<typeof useT>): string {
  if (c.mode === 'Prüfung') return t('nav.mode.exam');
  const key = c.difficulty ? DIFFICULTY_KEYS[c.difficulty] : undefined;
  return key ? `${t('nav.mode.practice')} · ${t(key)}` : t('nav.mode.practice');
}

interface RenameFormProps {
  conversation: Conversation;
  onDone: () => void;
}

/** Inline rename: Enter saves, Escape cancels; the trimmed title must not be empty. */
function RenameForm({ conversation, onDone }: RenameFormProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(conversation.title);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const rename = useMutation({
    mutationFn: (next: string) => renameConversation(conversation.id, next),
    onSuccess: (res) => {
      queryClient.setQueryData<Conversation[]>(conversationsQueryKey, (old) =>
        old?.map((c) => (c.id === res.id ? { ...c, title: res.title } : c)),
      );
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
      void queryClient.invalidateQueries({ queryKey: conversationQueryKey(res.id) });
      onDone();
    },
    onError: (err) => setError(errorMessage(err, t)),
  });

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const next = title.trim();
    if (!next) {
      setError(t('history.titleRequired'));
      input.current?.focus();
      return;
    }
    if (next === conversation.title) {
      onDone();
      return;
    }
    setError(null);
    rename.mutate(next);
  };

  return (
    <form className="history__rename" onSubmit={submit} noValidate>
      <input
        ref={input}
        className="history__rename-input"
        aria-label={t('history.newTitle')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={title}
        maxLength={200}
        disabled={rename.isPending}
        onChange={(e) => {
          setTitle(e.currentTarget.value);
          if (error) setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onDone();
          }
        }}
      />
      <div className="history__rename-actions">
        <button type="submit" className="button button--primary button--tiny" disabled={rename.isPending}>
          {t('common.save')}
        </button>
        <button type="button" className="button button--secondary button--tiny" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

interface ItemProps {
  conversation: Conversation;
  active: boolean;
  menuOpen: boolean;
  onOpenMenu: () => void;
  onCloseMenu: () => void;
  onDelete: () => void;
}

function HistoryItem({ conversation, active, menuOpen, onOpenMenu, onCloseMenu, onDelete }: ItemProps) {
  const t = useT();
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState(false);
  const { root, focusTrigger, triggerProps, menuProps, itemProps } = useMenu({
    open: menuOpen,
    onOpenChange: (open) => (open ? onOpenMenu() : onCloseMenu()),
  });

  if (renaming) {
    return (
      <li className="history__item history__item--editing">
        <RenameForm
          conversation={conversation}
          onDone={() => {
            setRenaming(false);
            requestAnimationFrame(focusTrigger);
          }}
        />
      </li>
    );
  }

  return (
    <li ref={root} className={active ? 'history__item history__item--active' : 'history__item'}>
      <button
        type="button"
        className="history__open"
        aria-current={active ? 'true' : undefined}
        onClick={() => navigate('/chat', { state: { conversationId: conversation.id } })}
      >
        <span className="history__title">{conversation.title || t('history.untitled')}</span>
        <span className="history__meta">
          {modeLabel(conversation, t)} · <RelativeTime value={conversation.created_at} />
        </span>
      </button>
      <button
        {...triggerProps}
        className="history__menu-button"
        aria-label={t('history.options', { title: conversation.title })}
      >
        <MoreIcon />
      </button>
      <ul {...menuProps} className="history__menu">
        <li role="none">
          <button
            {...itemProps}
            type="button"
            className="history__menu-option"
            onClick={() => {
              onCloseMenu();
              setRenaming(true);
            }}
          >
            <PencilIcon width={16} height={16} />
            {t('history.rename')}
          </button>
        </li>
        <li role="none">
          <button
            {...itemProps}
            type="button"
            className="history__menu-option history__menu-option--danger"
            onClick={() => {
              onCloseMenu();
              onDelete();
            }}
          >
            <TrashIcon width={16} height={16} />
            {t('history.delete')}
          </button>
        </li>
      </ul>
    </li>
  );
}

/** The sidebar's conversation history: open, rename (inline) and delete (after a confirmation). */
export function ConversationHistory() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useQuery(conversationsQueryOptions());
  const activeId = useActiveConversation();
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Conversation | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const headingId = useId();
  const textId = useId();

  const remove = useMutation({
    mutationFn: (id: string) => deleteConversation(id),
    onSuccess: (_res, id) => {
      queryClient.setQueryData<Conversation[]>(conversationsQueryKey, (old) => old?.filter((c) => c.id !== id));
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
      queryClient.removeQueries({ queryKey: conversationQueryKey(id) });
      setConfirm(null);
      if (id === activeId) navigate('/chat', { state: { newChat: true } });
    },
    onError: (err) => setDeleteError(errorMessage(err, t)),
  });

  const closeMenu = () => setMenuFor(null);

  return (
    <section className="history sidebar__label-block" aria-labelledby={headingId}>
      <h2 id={headingId} className="history__heading">
        {t('history.title')}
      </h2>
      {list.isError ? (
        <p className="history__empty" role="alert">
          {t('history.loadFailed')}
        </p>
      ) : list.data && list.data.length === 0 ? (
        <p className="history__empty">{t('history.empty')}</p>
      ) : (
        <ul className="history__list">
          {list.data?.map((c) => (
            <HistoryItem
              key={c.id}
              conversation={c}
              active={c.id === activeId}
              menuOpen={menuFor === c.id}
              onOpenMenu={() => setMenuFor(c.id)}
              onCloseMenu={closeMenu}
              onDelete={() => {
                setDeleteError(null);
                setConfirm(c);
              }}
            />
          ))}
        </ul>
      )}
      <Dialog
        open={confirm !== null}
        title={t('history.deleteTitle')}
        describedBy={textId}
        onClose={() => {
          if (!remove.isPending) setConfirm(null);
        }}
      >
        <div className="stack">
          <p id={textId}>{t('history.deleteText')}</p>
          {deleteError ? (
            <p className="field__error" role="alert">
              {deleteError}
            </p>
          ) : null}
          <div className="dialog__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setConfirm(null)}
              disabled={remove.isPending}
            >
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={remove.isPending}
              onClick={() => {
                if (confirm) remove.mutate(confirm.id);
              }}
            >
              {t('history.delete')}
            </button>
          </div>
        </div>
      </Dialog>
    </section>
  );
}
