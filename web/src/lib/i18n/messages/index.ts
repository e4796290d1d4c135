import { auth } from './auth';
import { chat } from './chat';
import { dashboard } from './dashboard';
import { help } from './help';
import { common } from './common';
import { layout } from './layout';
import { profile } from './profile';
import { tutorial } from './tutorial';
import { feedback } from './feedback';
import { adminCore } from './adminCore';
import { adminInsights } from './adminInsights';

/** Every UI text. Feature areas add their own file and spread it in here. */
export const messages = {
  ...common,
  ...auth,
  ...layout,
  ...chat,
  ...profile,
  ...dashboard,
  ...tutorial,
  ...help,
  ...feedback,
  ...adminCore,
  ...adminInsights,
};

export type MessageKey = keyof typeof messages;
export type { Entry, Catalogue } from './types';

