import { describe, expect, it } from 'vitest';
import { detectSource, trackedPath } from './tracking';

const own = 'https://coach.example';

describe('detectSource', () => {
  it.each([
    ['?utm_source=google', '', 'google'],
    ['?utm_source=ChatGPT.com', '', 'ai-tool'],
    ['?utm_source=newsletter', '', 'other'],
    ['?utm_source=instagram', 'https://www.google.com/', 'instagram'],
    ['', 'https://www.google.de/', 'google'],
    ['', 'https://gemini.google.com/app', 'ai-tool'],
    ['', 'https://www.perplexity.ai/search', 'ai-tool'],
    ['', 'https://claude.ai/chat/1', 'ai-tool'],
    ['', 'https://copilot.microsoft.com/', 'ai-tool'],
    ['', 'https://l.instagram.com/', 'instagram'],
    ['', 'https://www.youtube.com/watch', 'youtube'],
    ['', 'https://www.tiktok.com/@x', 'tiktok'],
    ['', 'https://www.linkedin.com/feed', 'linkedin'],
    ['', 'https://example.org/', 'other'],
    ['', '', 'direct'],
    ['', 'https://coach.example/', 'direct'],
  ])('search %s referrer %s → %s', (search, referrer, expected) => {
    expect(detectSource(search, referrer, own)).toBe(expected);
  });
});

describe('trackedPath', () => {
  it("reports '/' as '/login' for signed-out visitors", () => {
    expect(trackedPath('/', false)).toBe('/login');
    expect(trackedPath('/', true)).toBe('/');
    expect(trackedPath('/dashboard', false)).toBe('/dashboard');
  });
});
