import type { Catalogue } from './types';

/** The guided tutorial (spec 01 §2 'Guided tutorial'). */
export const tutorial = {
  'tour.step': { de: 'Schritt {n} von {total}', en: 'Step {n} of {total}' },
  'tour.back': { de: 'Zurück', en: 'Back' },
  'tour.later': { de: 'Später', en: 'Later' },
  'tour.next': { de: 'Weiter', en: 'Next' },
  'tour.done': { de: 'Fertig', en: 'Done' },
  'tour.keys': {
    de: 'Pfeil rechts: weiter, Pfeil links: zurück, Esc: schließen',
    en: 'Right arrow: next, left arrow: back, Esc: close',
  },
  'tour.level.title': { de: 'Dein Level', en: 'Your level' },
  'tour.level.text': {
    de: 'Hier siehst du dein Level und deine XP. Jede Aktivität bringt dich dem nächsten Level näher.',
    en: 'Here you see your level and your XP. Every activity brings you closer to the next level.',
  },
  'tour.newChat.title': { de: 'Neuer Chat', en: 'New chat' },
  'tour.newChat.text': {
    de: 'Starte hier ein Gespräch: Übung mit Tipps oder Prüfung ohne Hilfe.',
    en: 'Start a conversation here: practice with hints or an exam without help.',
  },
  'tour.hint.title': { de: 'Tipps per Glühbirne', en: 'Hints from the lightbulb' },
  'tour.hint.text': {
    de: 'Im Übungsmodus gibt dir die Glühbirne neben dem Eingabefeld einen Tipp für deine nächste Antwort – oder gleich die perfekte Antwort.',
    en: 'In practice mode the lightbulb next to the input gives you a hint for your next answer – or the perfect answer right away.',
  },
  'tour.difficulty.title': { de: 'Schwierigkeit', en: 'Difficulty' },
  'tour.difficulty.text': {
    de: 'In der Übung wählst du Leicht, Mittel oder Schwer – so viele Einwände bringt der Kunde.',
    en: 'In practice you choose easy, medium or hard – that is how many objections the customer raises.',
  },
  'tour.help.title': { de: 'Hilfe & Anleitung', en: 'Help & guide' },
  'tour.help.text': {
    de: 'Hier findest du den Schnellstart, das Level-System und Profi-Tipps.',
    en: 'Here you find the quick start, the level system and pro tips.',
  },
  'tour.feedback.title': { de: 'Feedback', en: 'Feedback' },
  'tour.feedback.text': {
    de: 'Sag uns, was dir gefällt und was fehlt – dein Feedback macht den Sales Coach besser.',
    en: 'Tell us what you like and what is missing – your feedback makes Sales Coach better.',
  },
} satisfies Catalogue;
