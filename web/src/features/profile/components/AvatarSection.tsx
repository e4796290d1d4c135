import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Avatar } from '../../../components/ui/Avatar';
import { ApiError, meQueryKey, type MeResponse } from '../../../lib/api';
import { errorMessage, useT, type MessageKey } from '../../../lib/i18n';
import { deleteAvatar } from '../api/delete-avatar';
import { uploadAvatar } from '../api/upload-avatar';
import { AVATAR_TYPES, checkAvatarFile, type AvatarProblem } from '../lib/avatar-file';

const PROBLEM_TEXT: Record<AvatarProblem, MessageKey> = {
  type: 'profile.avatar.type',
  size: 'profile.avatar.size',
  invalid: 'profile.avatar.invalid',
  unreadable: 'profile.avatar.unreadable',
};

/**
 * The picture with 'Bild hochladen' and 'Bild entfernen'. The file is checked
 * here first (type, 2 MB, magic bytes), with the server's texts; an upload
 * replaces the old picture at once.
 */
export function AvatarSection({ userId, name, url }: { userId: string; name: string; url: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const setUrl = (avatarUrl: string) =>
    queryClient.setQueryData<MeResponse>(meQueryKey(userId), (old) =>
      old ? { ...old, user: { ...old.user, avatar_url: avatarUrl } } : old,
    );

  const upload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (res) => {
      setUrl(res.avatar_url);
      setDone(t('profile.avatar.uploaded'));
    },
    onError: (err) => {
      // The server's texts are the specified ones ('Upload fehlgeschlagen: …' included).
      if (err instanceof ApiError && err.status === 404) setProblem(t('profile.avatar.noUser'));
      else if (err instanceof ApiError && err.message) setProblem(err.message);
      else setProblem(t('profile.avatar.uploadFailed', { message: errorMessage(err, t) }));
    },
  });

  const remove = useMutation({
    mutationFn: deleteAvatar,
    onSuccess: () => {
      setUrl('');
      setDone(t('profile.avatar.removed'));
    },
    onError: (err) => setProblem(t('profile.avatar.removeFailed', { message: errorMessage(err, t) })),
  });

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setProblem(null);
    setDone(null);
    const found = await checkAvatarFile(file);
    if (found) {
      setProblem(t(PROBLEM_TEXT[found]));
      return;
    }
    upload.mutate(file);
  };

  const busy = upload.isPending || remove.isPending;

  return (
    <div className="profile-avatar">
      <Avatar name={name} url={url} className="avatar--xl" />
      <div className="profile-avatar__controls">
        <span className="field__label" id="profile-avatar-label">
          {t('profile.avatar')}
        </span>
        <input
          ref={input}
          type="file"
          hidden
          accept={AVATAR_TYPES.join(',')}
          aria-labelledby="profile-avatar-label"
          data-testid="avatar-input"
          onChange={(e) => void choose(e.currentTarget.files?.[0])}
        />
        <div className="profile-avatar__buttons">
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={busy}
            aria-describedby="profile-avatar-hint"
            onClick={() => input.current?.click()}
          >
            {upload.isPending ? t('profile.avatar.uploading') : t('profile.avatar.upload')}
          </button>
          {url ? (
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={busy}
              onClick={() => {
                setProblem(null);
                setDone(null);
                remove.mutate();
              }}
            >
              {t('profile.avatar.remove')}
            </button>
          ) : null}
        </div>
        <p id="profile-avatar-hint" className="field__hint">
          {t('profile.avatar.hint')}
        </p>
        {problem ? (
          <p className="field__error" role="alert">
            {problem}
          </p>
        ) : null}
        {done ? (
          <p className="profile-avatar__done" role="status">
            {done}
          </p>
        ) : null}
      </div>
    </div>
  );
}
