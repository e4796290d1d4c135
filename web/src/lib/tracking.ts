import type { TrackSource } from './api/types';

const AI_TOOLS = ['chatgpt', 'openai', 'perplexity', 'claude', 'gemini', 'copilot'];

function classify(value: string): TrackSource | null {
  const v = value.toLowerCase();
  // AI tools first: gemini.google.com must not count as Google search.
  if (AI_TOOLS.some((name) => v.includes(name))) return 'ai-tool';
  if (v.includes('google')) return 'google';
  if (v.includes('instagram')) return 'instagram';
  if (v.includes('youtube') || v.includes('youtu.be')) return 'youtube';
  if (v.includes('tiktok')) return 'tiktok';
  if (v.includes('linkedin') || v.includes('lnkd.in')) return 'linkedin';
  return null;
}

/**
 * Where the visitor came from: the utm_source parameter, else the referrer's
 * host. No referrer (or our own site) counts as direct.
 */
export function detectSource(search: string, referrer: string, ownOrigin: string): TrackSource {
  const utm = new URLSearchParams(search).get('utm_source');
  if (utm) return classify(utm) ?? 'other';
  if (!referrer) return 'direct';
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.origin === ownOrigin) return 'direct';
    host = url.hostname;
  } catch {
    return 'other';
  }
  return classify(host) ?? 'other';
}

/** The path to report: '/' becomes '/login' for a signed-out visitor. */
export function trackedPath(pathname: string, signedIn: boolean): string {
  if (!signedIn && (pathname === '/' || pathname === '')) return '/login';
  return pathname;
}
