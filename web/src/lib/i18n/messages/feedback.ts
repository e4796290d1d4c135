import type { Catalogue } from './types';

/** The feedback page (spec 02 §2 'Feedback page', §4, §5, §8). */
export const feedback = {
  'feedback.lead': {
    de: 'Sag uns, was gut läuft, was hakt und was dir fehlt – so wird Sales Coach besser.',
    en: 'Tell us what works, what does not and what you miss – that is how Sales Coach gets better.',
  },
  'feedback.form': { de: 'Feedback senden', en: 'Send feedback' },
  'feedback.category': { de: 'Kategorie', en: 'Category' },
  'feedback.type.general': { de: 'Allgemein', en: 'General' },
  'feedback.type.general.text': { de: 'Lob, Kritik oder eine Frage', en: 'Praise, criticism or a question' },
  'feedback.type.bug': { de: 'Fehler', en: 'Bug' },
  'feedback.type.bug.text': { de: 'Etwas funktioniert nicht', en: 'Something does not work' },
  'feedback.type.feature': { de: 'Funktionswunsch', en: 'Feature request' },
  'feedback.type.feature.text': { de: 'Eine Idee für Sales Coach', en: 'An idea for Sales Coach' },
  'feedback.subject': { de: 'Betreff', en: 'Subject' },
  'feedback.message': { de: 'Nachricht', en: 'Message' },
  'feedback.email': { de: 'E-Mail-Adresse', en: 'Email address' },
  'feedback.emailOptional': { de: 'E-Mail-Adresse (optional)', en: 'Email address (optional)' },
  'feedback.emailHint': { de: 'Damit wir dir antworten können.', en: 'So that we can reply to you.' },
  'feedback.name': { de: 'Name (optional)', en: 'Name (optional)' },
  'feedback.submit': { de: 'Feedback senden', en: 'Send feedback' },
  'feedback.sending': { de: 'Wird gesendet…', en: 'Sending…' },
  'feedback.reset': { de: 'Zurücksetzen', en: 'Reset' },
  'feedback.success': { de: 'Danke für dein Feedback!', en: 'Thank you for your feedback!' },
  'feedback.failed': { de: 'Fehler beim Senden des Feedbacks', en: 'Error sending the feedback' },
  'feedback.messageRequired': { de: 'Nachricht darf nicht leer sein', en: 'Message must not be empty' },
  'feedback.messageTooLong': {
    de: 'Die Nachricht darf höchstens 5000 Zeichen lang sein.',
    en: 'The message must be at most 5000 characters long.',
  },
  'feedback.subjectTooLong': {
    de: 'Der Betreff darf höchstens 200 Zeichen lang sein.',
    en: 'The subject must be at most 200 characters long.',
  },
  'feedback.emailInvalid': {
    de: 'Bitte gib eine gültige E-Mail-Adresse an.',
    en: 'Please enter a valid email address.',
  },
  'feedback.own.title': { de: 'Deine letzten Einsendungen', en: 'Your recent submissions' },
  'feedback.own.empty': { de: 'Noch kein Feedback eingereicht.', en: 'No feedback submitted yet.' },
  'feedback.own.failed': {
    de: 'Deine Einsendungen konnten nicht geladen werden.',
    en: 'Your submissions could not be loaded.',
  },
  'feedback.own.noSubject': { de: '(ohne Betreff)', en: '(no subject)' },
  'feedback.status.erhalten': { de: 'Erhalten', en: 'Received' },
  'feedback.status.in_bearbeitung': { de: 'In Bearbeitung', en: 'In progress' },
  'feedback.status.bearbeitet': { de: 'Bearbeitet', en: 'Done' },
  'feedback.contact.title': { de: 'Direkter Kontakt', en: 'Direct contact' },
  'feedback.contact.email': { de: 'E-Mail-Support', en: 'Email support' },
} satisfies Catalogue;
