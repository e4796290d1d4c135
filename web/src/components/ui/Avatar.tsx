import { useState } from 'react';

/** Up to two initials of a name (or the first letter of an e-mail). */
export function initialsOf(name: string): string {
  const clean = name.trim();
  if (!clean) return '?';
  if (clean.includes('@')) return clean.charAt(0).toUpperCase();
  const words = clean.split(/\s+/).filter(Boolean);
  const first = words[0]?.charAt(0) ?? '';
  const last = words.length > 1 ? (words.at(-1)?.charAt(0) ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** The user's picture, or their initials when there is none (or it fails to load). */
export function Avatar({ name, url, className }: { name: string; url?: string | null; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const classes = ['avatar', className].filter(Boolean).join(' ');
  if (url && failed !== url) {
    return <img className={`${classes} avatar--image`} src={url} alt="" onError={() => setFailed(url)} />;
  }
  return (
    <span className={classes} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
