import type { Catalogue } from './types';

/** The help page 'Hilfe & Anleitung' (spec 01 §2; XP table from DECISIONS 'Progress'). */
export const help = {
  'help.lead': {
    de: 'So trainierst du Einwandbehandlung mit deinem Sales Coach.',
    en: 'How to train objection handling with your sales coach.',
  },
  'help.quick.title': { de: 'Schnellstart', en: 'Quick start' },
  'help.quick.1.title': { de: 'Neuen Chat starten', en: 'Start a new chat' },
  'help.quick.1.text': {
    de: 'Klicke auf „Neuer Chat“ und wähle Übung oder Prüfung.',
    en: 'Click “New chat” and choose practice or exam.',
  },
  'help.quick.2.title': { de: 'Challenge nach Level wählen', en: 'Pick a challenge for your level' },
  'help.quick.2.text': {
    de: 'Wähle in der Übung die Schwierigkeit, die zu deinem Level passt: Leicht, Mittel oder Schwer.',
    en: 'In practice, choose the difficulty that suits your level: easy, medium or hard.',
  },
  'help.quick.3.title': { de: 'Trainieren und XP sammeln', en: 'Train and collect XP' },
  'help.quick.3.text': {
    de: 'Beantworte die Einwände des Kunden, überzeuge ihn und sammle XP für jede Aktivität.',
    en: "Answer the customer's objections, convince them and collect XP for every activity.",
  },
  'help.features.title': { de: 'Funktionen', en: 'Features' },
  'help.feature.practice.title': { de: 'Übungsmodus', en: 'Practice mode' },
  'help.feature.practice.text': {
    de: 'Trainiere mit Tipps, Live-Bewertung jeder Antwort und frei wählbarer Schwierigkeit.',
    en: 'Train with hints, a live score for every answer and a difficulty of your choice.',
  },
  'help.feature.exam.title': { de: 'Prüfungsmodus', en: 'Exam mode' },
  'help.feature.exam.text': {
    de: 'Drei Einwände ohne Hilfe, wie im echten Gespräch – am Ende bekommst du eine Auswertung.',
    en: 'Three objections without help, like a real conversation – with an evaluation at the end.',
  },
  'help.feature.tracking.title': { de: 'Leistung verfolgen', en: 'Track your performance' },
  'help.feature.tracking.text': {
    de: 'Im Dashboard siehst du Level, XP, Streak und den Fortschritt deiner Challenges.',
    en: 'The dashboard shows your level, XP, streak and the progress of your challenges.',
  },
  'help.feature.hints.title': { de: 'Smarte Vorschläge', en: 'Smart suggestions' },
  'help.feature.hints.text': {
    de: 'Die Glühbirne neben dem Eingabefeld schlägt dir die nächste Antwort vor – oder die perfekte.',
    en: 'The lightbulb next to the input suggests your next answer – or the perfect one.',
  },
  'help.levels.title': { de: 'Das Level-System', en: 'The level system' },
  'help.levels.beginner.range': { de: 'Level 1–3', en: 'Level 1–3' },
  'help.levels.beginner': { de: 'Einsteiger', en: 'Beginner' },
  'help.levels.advanced.range': { de: 'Level 4–9', en: 'Level 4–9' },
  'help.levels.advanced': { de: 'Fortgeschritten', en: 'Advanced' },
  'help.levels.expert.range': { de: 'Level 10+', en: 'Level 10+' },
  'help.levels.expert': { de: 'Experte', en: 'Expert' },
  'help.levels.text': {
    de: 'XP kommen aus allen Aktivitäten. Level 1 braucht 320 XP, jedes weitere Level 30 % mehr: Wer täglich einen Chat übt, ist nach etwa einer Woche Fortgeschritten und nach etwa zwei Monaten Experte.',
    en: 'XP comes from all activities. Level 1 needs 320 XP, each further level 30 % more: practising one chat a day, you are Advanced after about a week and Expert after about two months.',
  },
  'help.xp.caption': { de: 'So viele XP bringt jede Aktivität', en: 'How much XP each activity earns' },
  'help.xp.activity': { de: 'Aktivität', en: 'Activity' },
  'help.xp.points': { de: 'XP', en: 'XP' },
  'help.xp.message': {
    de: 'Nachricht im Chat (höchstens 20 pro Chat)',
    en: 'Message in a chat (at most 20 per chat)',
  },
  'help.xp.message.points': { de: '2', en: '2' },
  'help.xp.objection': { de: 'Einwand gelöst', en: 'Objection solved' },
  'help.xp.objection.points': { de: '25', en: '25' },
  'help.xp.won': { de: 'Übungs-Chat gewonnen', en: 'Practice chat won' },
  'help.xp.won.points': {
    de: '50 × Schwierigkeit (Leicht 1, Mittel 2, Schwer 3)',
    en: '50 × difficulty (easy 1, medium 2, hard 3)',
  },
  'help.xp.exam': { de: 'Prüfung beendet', en: 'Exam finished' },
  'help.xp.exam.points': {
    de: 'Prozent der Auswertung (0–100), ab 70 % plus 100',
    en: 'Evaluation percentage (0–100), plus 100 from 70 %',
  },
  'help.xp.daily': { de: 'Erste Aktivität des Tages (Streak)', en: 'First activity of the day (streak)' },
  'help.xp.daily.points': { de: '10', en: '10' },
  'help.xp.feedback': { de: 'Feedback gesendet', en: 'Feedback submitted' },
  'help.xp.feedback.points': { de: '5', en: '5' },
  'help.eval.title': { de: 'Wie du bewertet wirst', en: 'How you are scored' },
  'help.eval.text': {
    de: 'Die Auswertung am Ende eines Chats bewertet sechs Kategorien:',
    en: 'The evaluation at the end of a chat scores six categories:',
  },
  'help.eval.empathy': { de: 'Empathie & Zuhören', en: 'Empathy & listening' },
  'help.eval.empathy.text': {
    de: 'Du nimmst die Sorge des Kunden ernst und gehst darauf ein.',
    en: "You take the customer's concern seriously and respond to it.",
  },
  'help.eval.questions': { de: 'Fragetechnik', en: 'Questioning' },
  'help.eval.questions.text': {
    de: 'Offene Rückfragen klären, was hinter dem Einwand steckt.',
    en: 'Open questions find out what lies behind the objection.',
  },
  'help.eval.value': { de: 'Nutzenargumentation', en: 'Value argument' },
  'help.eval.value.text': {
    de: 'Du zeigst den konkreten Nutzen deines Produkts für genau diesen Kunden.',
    en: 'You show the concrete value of your product for exactly this customer.',
  },
  'help.eval.objections': { de: 'Einwandbehandlung', en: 'Objection handling' },
  'help.eval.objections.text': {
    de: 'Du entkräftest den Einwand mit Belegen, Beispielen oder Zahlen.',
    en: 'You counter the objection with evidence, examples or figures.',
  },
  'help.eval.closing': { de: 'Abschlussorientierung', en: 'Closing' },
  'help.eval.closing.text': {
    de: 'Du schlägst einen konkreten nächsten Schritt vor.',
    en: 'You propose a concrete next step.',
  },
  'help.eval.language': { de: 'Sprache & Tonalität', en: 'Language & tone' },
  'help.eval.language.text': {
    de: 'Passende Anrede, freundlicher Ton und eine angemessene Länge.',
    en: 'The right form of address, a friendly tone and a suitable length.',
  },
  'help.tech.text': {
    de: 'Im Übungsmodus wird jede Antwort nach sieben Techniken bewertet; unter „Begründung“ siehst du, welche du gezeigt hast:',
    en: 'In practice mode every answer is scored on seven techniques; “Reasons” shows which ones you used:',
  },
  'help.tech.acknowledge': { de: 'Einwand anerkennen', en: 'Acknowledge the objection' },
  'help.tech.acknowledge.text': {
    de: 'Zeige Verständnis, bevor du argumentierst.',
    en: 'Show understanding before you argue.',
  },
  'help.tech.question': { de: 'Rückfrage stellen', en: 'Ask a clarifying question' },
  'help.tech.question.text': {
    de: 'Finde heraus, was genau den Kunden zögern lässt.',
    en: 'Find out what exactly makes the customer hesitate.',
  },
  'help.tech.benefit': { de: 'Nutzen fürs Produkt', en: 'Benefit of the product' },
  'help.tech.benefit.text': {
    de: 'Verbinde den Einwand mit einem Vorteil deines Produkts.',
    en: 'Connect the objection with an advantage of your product.',
  },
  'help.tech.evidence': { de: 'Beleg / Beispiel', en: 'Evidence / example' },
  'help.tech.evidence.text': {
    de: 'Eine Referenz, eine Zahl oder ein Kundenbeispiel macht dich glaubwürdig.',
    en: 'A reference, a figure or a customer example makes you credible.',
  },
  'help.tech.nextStep': { de: 'Nächster Schritt', en: 'Next step' },
  'help.tech.nextStep.text': {
    de: 'Schlage etwas Konkretes vor: Termin, Test, Angebot.',
    en: 'Propose something concrete: a meeting, a trial, an offer.',
  },
  'help.tech.formality': { de: 'Passende Anrede', en: 'Matching form of address' },
  'help.tech.formality.text': {
    de: 'Bleib beim Du oder Sie, das du im Profil gewählt hast.',
    en: 'Stick to the du or Sie you chose in your profile.',
  },
  'help.tech.tone': { de: 'Ton & Länge', en: 'Tone & length' },
  'help.tech.tone.text': {
    de: 'Freundlich, klar und nicht zu lang.',
    en: 'Friendly, clear and not too long.',
  },
  'help.tips.title': { de: 'Profi-Tipps', en: 'Pro tips' },
  'help.tip.regular': {
    de: 'Trainiere regelmäßig: lieber täglich 15 Minuten als einmal im Monat zwei Stunden.',
    en: 'Train regularly: 15 minutes a day beats two hours once a month.',
  },
  'help.tip.goals': {
    de: 'Setze dir Ziele, zum Beispiel eine Challenge-Stufe oder ein Level pro Woche.',
    en: 'Set goals, for example a challenge stage or a level per week.',
  },
  'help.tip.feedback': {
    de: 'Nutze das Feedback: Lies die Begründung und die Auswertung und probiere die Vorschläge aus.',
    en: 'Use the feedback: read the reasons and the evaluation and try the suggestions.',
  },
  'help.tip.vary': {
    de: 'Variiere die Szenarien: wechsle Schwierigkeit, Modus und die Tonalität des Kunden im Profil.',
    en: "Vary the scenarios: change the difficulty, the mode and the customer's tone in your profile.",
  },
  'help.tip.breaks': {
    de: 'Plane Pausen ein – nach einer Einheit sitzt das Gelernte besser.',
    en: 'Plan breaks – what you learned sinks in better after a session.',
  },
} satisfies Catalogue;
