/** Full-page navigations out of the single-page app (an object so tests can spy on it). */
export const navigation = {
  /** Leaves the app with a full page load (e.g. the landing page '/'). */
  leaveApp(url: string): void {
    window.location.assign(url);
  },
};

/** A link from the server to another site (an identity provider's) when it is http(s); null for anything else. */
export function externalTarget(link: string): string | null {
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
