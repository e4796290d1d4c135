/** Full-page navigations out of the single-page app (an object so tests can spy on it). */
export const navigation = {
  /** Leaves the app with a full page load (e.g. the landing page '/'). */
  leaveApp(url: string): void {
    window.location.assign(url);
  },
};
