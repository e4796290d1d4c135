import type { Catalogue } from './types';

export const common = {
  'app.name': { de: 'Sales Coach', en: 'Sales Coach' },
  'app.tagline': {
    de: 'Dein intelligenter Sales Coach für maximalen Erfolg',
    en: 'Your intelligent sales coach for maximum success',
  },
  'common.loading': { de: 'Wird geladen…', en: 'Loading…' },
  'common.close': { de: 'Schließen', en: 'Close' },
  'common.cancel': { de: 'Abbrechen', en: 'Cancel' },
  'common.save': { de: 'Speichern', en: 'Save' },
  'common.saving': { de: 'Speichere…', en: 'Saving…' },
  'common.retry': { de: 'Erneut versuchen', en: 'Try again' },
  'common.signIn': { de: 'Anmelden', en: 'Sign in' },
  'common.signOut': { de: 'Abmelden', en: 'Sign out' },
  'common.dismiss': { de: 'Hinweis schließen', en: 'Dismiss notice' },
  'common.notices': { de: 'Hinweise', en: 'Notices' },
  'common.newTab': { de: '(öffnet in neuem Tab)', en: '(opens in a new tab)' },
  'common.skipToContent': { de: 'Zum Inhalt springen', en: 'Skip to content' },
  'errors.generic': {
    de: 'Leider ist ein Fehler aufgetreten.',
    en: 'Unfortunately, an error occurred.',
  },
  'errors.network': {
    de: 'Keine Verbindung zum Server. Bitte versuche es erneut.',
    en: 'No connection to the server. Please try again.',
  },
  'errors.boundary': {
    de: 'Entschuldigung, hier ist ein Fehler aufgetreten.',
    en: 'Sorry, an error occurred here.',
  },
  'errors.chunk': {
    de: 'Ein Teil der App konnte nicht geladen werden – vielleicht gibt es eine neue Version. Bitte lade die Seite neu.',
    en: 'Part of the app could not be loaded – perhaps there is a new version. Please reload the page.',
  },
  'errors.reload': { de: 'Seite neu laden', en: 'Reload page' },
  // relative times (spec 01 §9): under 60 s, under an hour, under a day, otherwise days
  'time.justNow': { de: 'gerade eben', en: 'just now' },
  'time.minutesAgo': {
    de: { one: 'vor {count} Minute', other: 'vor {count} Minuten' },
    en: { one: '{count} minute ago', other: '{count} minutes ago' },
  },
  'time.hoursAgo': {
    de: { one: 'vor {count} Stunde', other: 'vor {count} Stunden' },
    en: { one: '{count} hour ago', other: '{count} hours ago' },
  },
  'time.daysAgo': {
    de: { one: 'vor {count} Tag', other: 'vor {count} Tagen' },
    en: { one: '{count} day ago', other: '{count} days ago' },
  },
  'language.label': { de: 'Sprache', en: 'Language' },
  'language.de': { de: 'Deutsch', en: 'German' },
  'language.en': { de: 'Englisch', en: 'English' },
  'page.chat': { de: 'Chat', en: 'Chat' },
  'page.dashboard': { de: 'Dashboard', en: 'Dashboard' },
  'page.help': { de: 'Hilfe & Anleitung', en: 'Help & guide' },
  'page.feedback': { de: 'Feedback', en: 'Feedback' },
} satisfies Catalogue;
