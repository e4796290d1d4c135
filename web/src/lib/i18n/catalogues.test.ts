import { describe, expect, it } from 'vitest';
import { partOf } from './catalogues';
import { core } from './messages';
import { admin } from './messages/admin';
import { chat } from './messages/chat';
import { chatParts } from './messages/chatParts';
import { dashboard } from './messages/dashboard';
import { progress } from './messages/progress';
import { team } from './messages/team';
import { scenarios } from './messages/scenarios';
import { seats } from './messages/seats';
import { feedback } from './messages/feedback';
import { help } from './messages/help';
import { profile } from './messages/profile';
import { signin } from './messages/signin';
import { tutorial } from './messages/tutorial';

const parts = { signin, chat, chatParts, profile, dashboard, progress, scenarios, seats, team, tutorial, help, feedback, admin };

/** Every source file of the app (tests excluded), by path. */
const sources: Record<string, string> = import.meta.glob(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('catalogue parts', () => {
  it('find each key’s part by its first segment, and the core’s keys in none', () => {
    for (const [name, catalogue] of Object.entries(parts)) {
      for (const key of Object.keys(catalogue)) expect(partOf(key), key).toBe(name);
    }
    for (const key of Object.keys(core)) expect(partOf(key), key).toBeUndefined();
  });

  it('keep back-office texts out of a user’s screens', () => {
    // A user's screens never load the admin part; an admin text there would
    // cost a load on first use.
    const prefixes = [...new Set(Object.keys(admin).map((key) => key.split('.')[0]))];
    const pattern = new RegExp(`['"\`](${prefixes.join('|')})\\.\\w`);
    const offenders = Object.entries(sources)
      .filter(([file]) => !/\/(features|routes)\/admin\//.test(file) && !file.startsWith('./messages/'))
      .filter(([, code]) => pattern.test(code))
      .map(([file]) => file);
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
