import { auth } from './auth';
import { common } from './common';
import { layout } from './layout';
import type { admin } from './admin';
import type { signin } from './signin';
import type { chat } from './chat';
import type { chatParts } from './chatParts';
import type { dashboard } from './dashboard';
import type { feedback } from './feedback';
import type { help } from './help';
import type { profile } from './profile';
import type { progress } from './progress';
import type { scenarios } from './scenarios';
import type { seats } from './seats';
import type { team } from './team';
import type { tutorial } from './tutorial';

/**
 * The texts every page needs from its first paint (the sign-in page, the
 * signed-in frame, errors). The other parts load with the screens that use
 * them (../catalogues.ts), so the first page's script stays small.
 */
export const core = {
  ...common,
  ...auth,
  ...layout,
};

/** Every UI text, whichever part of the catalogue holds it. */
export type Messages = typeof core &
  typeof signin &
  typeof chat &
  typeof chatParts &
  typeof profile &
  typeof dashboard &
  typeof progress &
  typeof scenarios &
  typeof seats &
  typeof team &
  typeof tutorial &
  typeof help &
  typeof feedback &
  typeof admin;
export type MessageKey = keyof Messages;
export type { Entry, Catalogue } from './types';
