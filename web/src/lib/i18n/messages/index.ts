import { auth } from './auth';
import { chat } from './chat';
import { common } from './common';
import { layout } from './layout';

/** Every UI text. Feature areas add their own file and spread it in here. */
export const messages = {
  ...common,
  ...auth,
  ...layout,
  ...chat,
};

export type MessageKey = keyof typeof messages;
export type { Entry, Catalogue } from './types';

