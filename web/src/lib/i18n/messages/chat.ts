import type { Catalogue } from './types';

/** The chat screen (spec 02 §2, §4, §5, §8). German texts of the specification are exact. */
export const chat = {
  'chat.title': { de: 'Chat', en: 'Chat' },
  // A chat started from 'Aufgaben' names its team assignment under the title.
  'chat.assignment': { de: 'Aufgabe: {title}', en: 'Assignment: {title}' },
  'chat.welcome.title': { de: 'Bereit für das nächste Level?', en: 'Ready for the next level?' },
  'chat.welcome.lead': {
    de: 'Wähle einen Modus, drücke auf Start und überzeuge deinen Kunden.',
    en: 'Choose a mode, press Start and convince your customer.',
  },
  'chat.modes': { de: 'Modus', en: 'Mode' },
  'chat.mode.practice.title': { de: 'Übung', en: 'Practice' },
  'chat.mode.practice.text': {
    de: 'Trainiere mit Tipps, Bewertung jeder Antwort und der Schwierigkeit deiner Wahl.',
    en: 'Train with hints, a score for every answer and the difficulty of your choice.',
  },
  'chat.mode.exam.title': { de: 'Prüfung', en: 'Exam' },
  'chat.mode.exam.text': {
    de: 'Drei Einwände, keine Hilfe – am Ende steht deine Auswertung.',
    en: 'Three objections, no help – your evaluation comes at the end.',
  },
  'chat.tips.title': { de: 'Tipps & Tricks', en: 'Tips & tricks' },
  'chat.tips.text': {
    de: 'Anleitung und Profi-Tipps für überzeugende Antworten.',
    en: 'A guide and pro tips for convincing answers.',
  },
  'chat.dashboard': { de: 'Dashboard ansehen', en: 'View dashboard' },
  'chat.start': { de: 'Start', en: 'Start' },
  'chat.difficulty': { de: 'Schwierigkeit', en: 'Difficulty' },
  'chat.difficulty.objections': {
    de: { one: '{count} Einwand', other: '{count} Einwände' },
    en: { one: '{count} objection', other: '{count} objections' },
  },
  'chat.tip.noMode': { de: 'Bitte wähle einen Modus aus', en: 'Please choose a mode' },
  'chat.tip.noDifficulty': {
    de: 'Schwierigkeit auswählen und auf Start drücken',
    en: 'Choose a difficulty and press Start',
  },
  'chat.tip.pressStart': { de: 'Auf Start drücken, um zu beginnen', en: 'Press Start to begin' },
  'chat.tip.practiceOnly': { de: 'Nur im Übungsmodus verfügbar', en: 'Only available in practice mode' },
  'chat.tip.noConversation': {
    de: 'Tipps gibt es, sobald das Gespräch läuft.',
    en: 'Hints are available once the conversation is running.',
  },
  'chat.tip.busy': { de: 'Einen Moment – die Antwort kommt gleich.', en: 'One moment – the reply is on its way.' },
  'chat.tip.completed': { de: 'Dieser Chat ist abgeschlossen.', en: 'This chat is complete.' },
  'chat.intro.practice': {
    de: 'Übung · {difficulty}: Stell dich und dein Angebot kurz vor – deine erste Nachricht startet das Gespräch.',
    en: 'Practice · {difficulty}: introduce yourself and your offer – your first message starts the conversation.',
  },
  'chat.intro.exam': {
    de: 'Prüfung: Stell dich und dein Angebot kurz vor – deine erste Nachricht startet das Gespräch. Hilfe gibt es keine.',
    en: 'Exam: introduce yourself and your offer – your first message starts the conversation. There is no help.',
  },
  'chat.newChat': { de: 'Neuer Chat', en: 'New chat' },
  'chat.rings': { de: 'Deine Challenges', en: 'Your challenges' },
  'chat.ring.tip': { de: '{name} · Stufe {stage} · {percent} %', en: '{name} · stage {stage} · {percent} %' },
  'chat.input.label': { de: 'Deine Nachricht', en: 'Your message' },
  'chat.input.placeholder': { de: 'Schreib deine Antwort…', en: 'Write your answer…' },
  'chat.input.placeholderFirst': {
    de: 'Begrüße den Kunden und stell dein Angebot vor…',
    en: 'Greet the customer and introduce your offer…',
  },
  'chat.input.keys': {
    de: 'Enter sendet, Umschalt+Enter für eine neue Zeile.',
    en: 'Enter sends, Shift+Enter for a new line.',
  },
  'chat.send': { de: 'Senden', en: 'Send' },
  'chat.hint': { de: 'Tipp anzeigen', en: 'Show a hint' },
  'chat.attach': { de: 'PDF anhängen', en: 'Attach PDF' },
  'chat.attach.remove': { de: 'PDF „{name}“ entfernen', en: 'Remove PDF “{name}”' },
  'chat.attach.reading': { de: 'PDF wird gelesen…', en: 'Reading PDF…' },
  'chat.attach.onlyPdf': { de: 'Nur PDF-Dateien sind erlaubt.', en: 'Only PDF files are allowed.' },
  'chat.attach.failed': { de: 'PDF konnte nicht gelesen werden.', en: 'The PDF could not be read.' },
  'chat.attach.ready': {
    de: 'Wird mit der nächsten Nachricht gesendet.',
    en: 'Will be sent with the next message.',
  },
  'chat.voice': { de: 'Sprachmodus', en: 'Voice mode' },
  'chat.voice.start': { de: 'Sprachmodus starten', en: 'Start voice mode' },
  'chat.voice.end': { de: 'Anruf beenden', en: 'End call' },
  'chat.voice.noStt': {
    de: 'Die Spracherkennung ist auf diesem Server nicht eingerichtet.',
    en: 'Speech recognition is not set up on this server.',
  },
  'chat.voice.insecure': {
    de: 'Bitte sichere Verbindung (HTTPS) nutzen, sonst ist der Sprachmodus deaktiviert.',
    en: 'Please use a secure connection (HTTPS); otherwise voice mode is disabled.',
  },
  'chat.preview.title': { de: 'Vorschau', en: 'Preview' },
  'chat.preview.edit': { de: 'Bearbeiten', en: 'Edit' },
  'chat.preview.send': { de: 'Senden', en: 'Send' },
  'chat.restart': { de: 'Neu starten', en: 'Restart' },
  'chat.limit.title': { de: 'Monatslimit erreicht', en: 'Monthly limit reached' },
  'chat.conversationFailed': {
    de: 'Konversation konnte nicht geladen werden.',
    en: 'The conversation could not be loaded.',
  },
  'chat.notice': {
    de: 'KIs können Fehler machen. Überprüfe wichtige Informationen.',
    en: 'AIs can make mistakes. Check important information.',
  },
  'chat.engine.builtin': { de: 'Eingebauter Trainer (offline)', en: 'Built-in trainer (offline)' },
  'chat.engine.builtinTip': {
    de: 'Den Kunden spielt der eingebaute Trainer – ohne KI-Modell, direkt auf unserem Server.',
    en: 'The built-in trainer plays the customer – no AI model, right on our server.',
  },
} satisfies Catalogue;
