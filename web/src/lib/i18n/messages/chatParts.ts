import type { Catalogue } from './types';

/**
 * The chat's texts for its parts that load after the first paint (the hint
 * popup, the perfect answer, the live score, the evaluation, the exam's
 * 'Prüfung beenden', the voice call's bar and dialog): a part of their own, loaded
 * with those chunks, so the chat page's first script stays within budget.
 */
export const chatParts = {
  // The transcript (MessageList.tsx) and the progress bar's label (PracticeProgress.tsx).
  'chat.messages': { de: 'Gesprächsverlauf', en: 'Conversation' },
  'chat.you': { de: 'Du', en: 'You' },
  'chat.customer': { de: 'Kunde', en: 'Customer' },
  'chat.typing': { de: 'Der Kunde schreibt…', en: 'The customer is typing…' },
  'chat.won': {
    de: 'Herzlichen Glückwunsch, du hast den Kunden überzeugt',
    en: 'Congratulations, you convinced the customer',
  },
  'chat.attachmentLabel': { de: 'PDF-Anhang', en: 'PDF attachment' },
  // 'Prüfung beenden' and its confirmation (FinishExamButton.tsx, with the evaluation's chunk).
  'chat.exam.finish': { de: 'Prüfung beenden', en: 'End exam' },
  'chat.exam.confirmTitle': { de: 'Prüfung wirklich beenden?', en: 'Really end the exam?' },
  'chat.exam.confirmText': {
    de: 'Danach kannst du in dieser Prüfung nicht mehr antworten. Die Auswertung folgt sofort.',
    en: 'You can no longer answer in this exam afterwards. The evaluation follows right away.',
  },
  'chat.exam.continue': { de: 'Weiter antworten', en: 'Keep answering' },
  // The voice call's status bar and microphone dialog (VoiceCall.tsx, loaded with a call).
  'chat.voice.listening': { de: 'Jetzt zuhören…', en: 'Listening…' },
  'chat.voice.processing': { de: 'Verarbeite…', en: 'Processing…' },
  'chat.voice.speaking': { de: 'Antwort abspielen…', en: 'Playing the answer…' },
  'chat.voice.status': { de: 'Sprachmodus', en: 'Voice mode' },
  'chat.voice.permission.title': { de: 'Mikrofon freigeben', en: 'Allow the microphone' },
  'chat.voice.permission.text': {
    de: 'Für den Sprachmodus braucht die App Zugriff auf dein Mikrofon. So gibst du es frei:',
    en: 'Voice mode needs access to your microphone. This is how to allow it:',
  },
  'chat.voice.permission.chrome': {
    de: 'Chrome: Klicke links in der Adressleiste auf das Schloss- bzw. Einstellungssymbol, setze „Mikrofon“ auf „Zulassen“ und lade die Seite neu.',
    en: 'Chrome: click the lock or settings icon on the left of the address bar, set “Microphone” to “Allow” and reload the page.',
  },
  'chat.voice.permission.edge': {
    de: 'Edge: Klicke in der Adressleiste auf das Schloss-Symbol, öffne „Berechtigungen für diese Website“ und erlaube das Mikrofon.',
    en: 'Edge: click the lock icon in the address bar, open “Permissions for this site” and allow the microphone.',
  },
  'chat.voice.permission.safari': {
    de: 'Safari: Öffne Safari › Einstellungen › Websites › Mikrofon und wähle für diese Website „Erlauben“.',
    en: 'Safari: open Safari › Settings › Websites › Microphone and choose “Allow” for this website.',
  },
  'chat.voice.permission.cancel': { de: 'Abbrechen', en: 'Cancel' },
  'chat.voice.permission.retry': { de: 'Erneut versuchen', en: 'Try again' },
  'chat.hint.title': { de: 'Tipp für deine nächste Antwort', en: 'A hint for your next answer' },
  'chat.hint.loading': { de: 'Individuelle Tipps werden geladen...', en: 'Loading personal hints...' },
  'chat.hint.error': { de: 'Tipp konnte nicht geladen werden.', en: 'The hint could not be loaded.' },
  'chat.hint.field': { de: 'Tipp (bearbeitbar)', en: 'Hint (editable)' },
  'chat.hint.apply': { de: 'Übernehmen', en: 'Apply' },
  'chat.hint.perfect': { de: 'Perfekte Antwort', en: 'Perfect answer' },
  'chat.hint.perfectLoading': { de: 'Perfekte Antwort wird geladen…', en: 'Loading the perfect answer…' },
  'chat.perfect.replaceTitle': { de: 'Deine Eingabe ersetzen?', en: 'Replace your text?' },
  'chat.perfect.replaceText': {
    de: 'Im Eingabefeld steht schon Text von dir. Die perfekte Antwort ersetzt ihn, danach kannst du sie anpassen:',
    en: 'The input already holds text of yours. The perfect answer replaces it, and you can adapt it afterwards:',
  },
  'chat.perfect.replace': { de: 'Ersetzen', en: 'Replace' },
  'chat.perfect.error': { de: 'Fehler beim Abrufen der Empfehlung.', en: 'The recommendation could not be loaded.' },
  'chat.evaluation.title': { de: 'Auswertung', en: 'Evaluation' },
  'chat.evaluation.loading': { de: 'Bewertung wird erstellt…', en: 'Creating the evaluation…' },
  'chat.evaluation.categories': { de: 'Bewertung nach Kategorien', en: 'Scores by category' },
  'chat.evaluation.total': { de: 'Gesamt: {percent} %', en: 'Overall: {percent} %' },
  'chat.evaluation.score': { de: '{score} %', en: '{score} %' },
  'chat.evaluation.improvements': { de: 'Verbesserungsvorschläge:', en: 'Suggestions for improvement:' },
  'chat.evaluation.top': { de: 'Top-3 Positive Punkte:', en: 'Top 3 positive points:' },
  'chat.evaluation.progressLink': { de: 'Deinen Fortschritt ansehen', en: 'See your progress' },
  'chat.evaluation.failed': { de: 'Bewertung fehlgeschlagen.', en: 'The evaluation failed.' },
  'chat.evaluation.unreadable': {
    de: 'Bewertung konnte nicht gelesen werden.',
    en: 'The evaluation could not be read.',
  },
  'chat.evaluation.retry': { de: 'Erneut anfordern', en: 'Request again' },
  'chat.evaluation.passed': { de: 'Bestanden', en: 'Passed' },
  'chat.evaluation.notPassed': { de: 'Nicht bestanden', en: 'Not passed' },
  'chat.evaluation.passMark': { de: 'Bestehensgrenze: {percent} %', en: 'Pass mark: {percent} %' },
  'chat.evaluation.previous': { de: 'Letzter Versuch: {percent} %', en: 'Previous attempt: {percent} %' },
  'chat.progress.label': { de: 'Fortschritt beim Einwand', en: 'Progress on the objection' },
  'chat.progress.value': { de: 'Einwand {n} von {m}: {percent} %', en: 'Objection {n} of {m}: {percent} %' },
  'chat.progress.solved': { de: 'Einwand gelöst – stark!', en: 'Objection solved – great!' },
  'chat.progress.almost': {
    de: 'Einwand fast gelöst – eine Antwort fehlt noch',
    en: 'Objection almost solved – one more answer',
  },
  'chat.progress.working': {
    de: 'Einwand in Arbeit – noch {n} Antworten',
    en: 'Objection in progress – {n} more answers',
  },
  'chat.score.reasons': { de: 'Begründung', en: 'Reasons' },
  'chat.score.move.explore': { de: 'Jetzt dran: Nachfragen', en: 'Called for: exploring' },
  'chat.score.move.respond': { de: 'Jetzt dran: auf sein Anliegen eingehen', en: 'Called for: answering the concern' },
  'chat.score.move.advance': { de: 'Jetzt dran: der nächste Schritt', en: 'Called for: the next step' },
  'chat.score.move.made': { de: 'geschafft', en: 'made' },
  'chat.score.move.missed': { de: 'noch nicht', en: 'not yet' },
  'chat.score.shown': { de: 'erfüllt', en: 'done' },
  'chat.score.missing': { de: 'fehlt', en: 'missing' },
  'chat.score.progress': { de: 'Fortschritt beim Einwand: {percent} %', en: 'Progress on the objection: {percent} %' },
  'chat.score.thisAnswer': { de: 'Diese Antwort: {score} von 100', en: 'This answer: {score} of 100' },
  'chat.score.announceProgress': {
    de: 'Fortschritt bei Einwand {n} von {m}: {percent} %.',
    en: 'Progress on objection {n} of {m}: {percent} %.',
  },
  'chat.progress.legend': {
    de: 'Jeder Schritt ist etwa {percent} % des Einwands:',
    en: 'Each step is about {percent} % of the objection:',
  },
  'chat.progress.legendDone': { de: 'erreicht', en: 'reached' },
  'chat.progress.legendOpen': { de: 'noch offen', en: 'still open' },
  'chat.judge.builtin': { de: 'Bewertet vom eingebauten Trainer', en: 'Scored by the built-in trainer' },
  'chat.score.objection': { de: 'Einwand {n} von {m}', en: 'Objection {n} of {m}' },
  'chat.voice.unsupported': { de: 'Mikrofonzugriff nicht möglich', en: 'Microphone access is not possible' },
  'chat.voice.notFound': { de: 'Kein Mikrofon gefunden.', en: 'No microphone found.' },
  'chat.voice.failed': {
    de: 'Mikrofonzugriff fehlgeschlagen. Bitte versuche es erneut.',
    en: 'Microphone access failed. Please try again.',
  },
  'chat.voice.sttFailed': {
    de: 'Spracherkennung fehlgeschlagen. Bitte erneut versuchen.',
    en: 'Speech recognition failed. Please try again.',
  },
  // The header of a chat on a scenario (issue 28): loaded only for such chats.
  'chat.scenario.label': { de: 'Szenario', en: 'Scenario' },
  'chat.scenario.persona': { de: 'Gesprächspartner', en: 'Talking to' },
  // Shown only once a chat runs (the transcript has brought this part): placeholders, a failed score, the limit's toast, a retry's wait, 'Bewertung anfordern'.
  'chat.placeholders.current': {
    de: 'Platzhalter {n} von {m}: ersetze den markierten Text durch dein eigenes Beispiel.',
    en: 'Placeholder {n} of {m}: replace the selected text with your own example.',
  },
  'chat.placeholders.open': {
    de: 'Offene Platzhalter: {m}. Ersetze jeden durch dein eigenes Beispiel.',
    en: 'Open placeholders: {m}. Replace each with your own example.',
  },
  'chat.placeholders.keys': { de: 'Alt+N markiert den nächsten.', en: 'Alt+N selects the next one.' },
  'chat.placeholders.next': { de: 'Nächster Platzhalter', en: 'Next placeholder' },
  'chat.placeholders.sentOpen': {
    de: 'Deine Antwort enthielt noch einen Platzhalter in eckigen Klammern und zählt daher als unfertig.',
    en: 'Your answer still held a placeholder in square brackets, so it counts as unfinished.',
  },
  'chat.scoreFailed': { de: 'Auswertung des Scores fehlgeschlagen.', en: 'Scoring failed.' },
  'chat.limit.details': {
    de: 'Du hast dein monatliches Chat-Limit ({limit}) erreicht. Bitte upgrade dein Abo, um weitere Chats zu starten.',
    en: 'You have reached your monthly chat limit ({limit}). Please upgrade your plan to start more chats.',
  },
  'chat.limit.renews': {
    de: 'Du hast dein monatliches Chat-Limit ({limit}) erreicht. Ab dem {date} kannst du wieder Chats starten.',
    en: 'You have reached your monthly chat limit ({limit}). You can start chats again on {date}.',
  },
  'chat.limit.toast': {
    de: 'Monatslimit erreicht. Upgrade im Profil möglich.',
    en: 'Monthly limit reached. You can upgrade in your profile.',
  },
  'chat.retryAfter': {
    de: 'Versuche es in etwa {seconds} Sekunden noch einmal.',
    en: 'Try again in about {seconds} seconds.',
  },
  'chat.requestEvaluation': { de: 'Bewertung anfordern', en: 'Request evaluation' },
} satisfies Catalogue;
