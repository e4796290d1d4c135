import type { Catalogue } from './types';

/** The dashboard (spec 01 §2 'Dashboard', §8). */
export const dashboard = {
  'dashboard.lead': {
    de: 'Dein Fortschritt, deine Challenges und deine Einladungen auf einen Blick.',
    en: 'Your progress, your challenges and your invitations at a glance.',
  },
  'dashboard.invite.title': { de: 'Freunde einladen', en: 'Invite friends' },
  'dashboard.invite.text': {
    de: 'Teile deinen persönlichen Link: Wer sich darüber registriert, erscheint hier.',
    en: 'Share your personal link: whoever registers through it appears here.',
  },
  'dashboard.invite.generate': { de: 'Link generieren', en: 'Generate link' },
  'dashboard.invite.link': { de: 'Dein Einladungs‑Link', en: 'Your invitation link' },
  'dashboard.invite.copy': { de: 'Kopieren', en: 'Copy' },
  'dashboard.invite.copied': { de: 'Kopiert!', en: 'Copied!' },
  'dashboard.invite.copiedToast': { de: 'Einladungs‑Link wurde kopiert!', en: 'Invitation link copied!' },
  'dashboard.invite.copyFailed': {
    de: 'Kopieren nicht möglich – bitte den markierten Link selbst kopieren.',
    en: 'Copying is not possible – please copy the selected link yourself.',
  },
  'dashboard.invite.failed': { de: 'Link konnte nicht generiert werden.', en: 'The link could not be generated.' },
  'dashboard.registrations': { de: 'Registrierungen', en: 'Registrations' },
  'dashboard.registrations.empty': { de: 'Noch keine Registrierungen', en: 'No registrations yet' },
  'dashboard.registrations.unknown': { de: 'Unbekannt', en: 'Unknown' },
  'dashboard.registrations.initial': { de: 'Nutzer {initial}.', en: 'User {initial}.' },
  'dashboard.loadFailed': { de: 'Daten konnten nicht geladen werden.', en: 'The data could not be loaded.' },
  'dashboard.challenges.title': { de: 'Challenges', en: 'Challenges' },
  'dashboard.challenges.failed': {
    de: 'Challenge-Icons konnten nicht geladen werden.',
    en: 'The challenge icons could not be loaded.',
  },
  'dashboard.challenges.progress': { de: '{current} / {target}', en: '{current} / {target}' },
  'dashboard.challenges.stage': { de: 'Stufe {stage}', en: 'Stage {stage}' },
  'dashboard.challenges.label': {
    de: '{name}, Stufe {stage}: {current} / {target}',
    en: '{name}, stage {stage}: {current} / {target}',
  },
  'dashboard.coop.title': { de: 'Kooperationen', en: 'Partnerships' },
  'dashboard.coop.text': {
    de: 'Du möchtest Sales Coach mit deinem Team, als Trainer:in oder als Verband nutzen? Wir freuen uns auf gemeinsame Projekte.',
    en: 'Would you like to use Sales Coach with your team, as a trainer or as an association? We look forward to working together.',
  },
  'dashboard.coop.contact': { de: 'Kontakt aufnehmen', en: 'Get in touch' },
  'dashboard.stats.title': { de: 'User-Stats', en: 'User stats' },
  'dashboard.stats.percent': { de: '{percent} %', en: '{percent} %' },
  'dashboard.stats.toNext': { de: '{xp} / {next} XP bis Level {level}', en: '{xp} / {next} XP to level {level}' },
  'dashboard.stats.streak': { de: 'Streak', en: 'Streak' },
  'dashboard.stats.streakDays': {
    de: { one: '{count} Tag', other: '{count} Tage' },
    en: { one: '{count} day', other: '{count} days' },
  },
  'dashboard.stats.xp': { de: 'XP gesamt', en: 'Total XP' },
  'dashboard.stats.xpValue': { de: '{xp} XP', en: '{xp} XP' },
} satisfies Catalogue;
