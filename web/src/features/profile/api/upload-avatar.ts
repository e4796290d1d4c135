import { api, type AvatarResponse } from '../../../lib/api';

/** PUT /api/me/avatar (multipart, field `file`): replaces the picture. */
export function uploadAvatar(file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.put<AvatarResponse>('/api/me/avatar', body);
}
