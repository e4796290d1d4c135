import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { clearNotices } from '../components/ui/notices-store';
import { sessions } from '../lib/auth';
import { registerMessages } from '../lib/i18n';
import { admin } from '../lib/i18n/messages/admin';
import { signin } from '../lib/i18n/messages/signin';
import { chat } from '../lib/i18n/messages/chat';
import { chatParts } from '../lib/i18n/messages/chatParts';
import { dashboard } from '../lib/i18n/messages/dashboard';
import { feedback } from '../lib/i18n/messages/feedback';
import { help } from '../lib/i18n/messages/help';
import { profile } from '../lib/i18n/messages/profile';
import { progress } from '../lib/i18n/messages/progress';
import { scenarios } from '../lib/i18n/messages/scenarios';
import { seats } from '../lib/i18n/messages/seats';
import { team } from '../lib/i18n/messages/team';
import { tutorial } from '../lib/i18n/messages/tutorial';
import { serverEnglish } from '../lib/i18n/messages/server';
import { setServerEnglish } from '../lib/i18n/server';
import { closeProfileDialog } from '../lib/profile-dialog';
import { server } from './server';

// findBy*/waitFor give up after 1 s by default. On a loaded two-core CI
// machine a lazily loaded screen can take longer than that to appear; a wider
// window changes no verdict, it only stops the suite failing on slowness.
configure({ asyncUtilTimeout: 5000 });

// The app loads the screens' texts with the screens (lib/i18n/catalogues);
// component tests render screens directly, so every text is there up front.
for (const part of [signin, chat, chatParts, profile, dashboard, progress, scenarios, seats, team, tutorial, help, feedback, admin]) registerMessages(part);
setServerEnglish(serverEnglish);

// jsdom's browser prefers en-US; the app picks its first-visit language from
// it, and the tests are written for a German browser (as the e2e tests'
// Chromium runs with locale de-DE). A test of the choice redefines it.
Object.defineProperty(window.navigator, 'languages', { value: ['de-DE', 'de'], configurable: true });
Object.defineProperty(window.navigator, 'language', { value: 'de-DE', configurable: true });

// jsdom has no modal dialogs yet: a minimal showModal/close.
if (typeof HTMLDialogElement !== 'undefined' && !('showModal' in HTMLDialogElement.prototype)) {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    show(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    },
  });
  Object.defineProperty(HTMLDialogElement.prototype, 'open', {
    get(this: HTMLDialogElement) {
      return this.hasAttribute('open');
    },
    configurable: true,
  });
}

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

beforeEach(() => {
  // The app logs expected failures (role check, streak, consent) as warnings.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  sessions.stop();
  clearNotices();
  closeProfileDialog();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.lang = 'de';
});

afterAll(() => {
  server.close();
});
