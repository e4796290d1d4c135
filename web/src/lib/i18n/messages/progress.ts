import type { Catalogue } from './types';

/** 'Mein Fortschritt' (/progress): loaded with its screen (issue 26). */
export const progress = {
  'progress.title': { de: 'Mein Fortschritt', en: 'My progress' },
  'progress.lead': {
    de: 'Wie oft du jede Technik zeigst, welche Einwände dir liegen und was du als Nächstes üben solltest.',
    en: 'How often you show each technique, which objections suit you and what to practise next.',
  },
  'progress.loadFailed': { de: 'Dein Fortschritt konnte nicht geladen werden.', en: 'Your progress could not be loaded.' },
  'progress.range': { de: 'Zeitraum', en: 'Period' },
  'progress.range.days': { de: '{days} Tage', en: '{days} days' },
  'progress.answers': {
    de: { one: '{count} bewertete Antwort im Zeitraum', other: '{count} bewertete Antworten im Zeitraum' },
    en: { one: '{count} scored answer in the period', other: '{count} scored answers in the period' },
  },

  'progress.next.title': { de: 'Als Nächstes üben', en: 'Practise next' },
  'progress.next.text': {
    de: 'Dein schwächster Einwand ist „{family}“, deine schwächste Technik „{technique}“. Übe beides in einem Chat auf Stufe {difficulty}: der Kunde bringt diesen Einwand zuerst.',
    en: 'Your weakest objection is “{family}”, your weakest technique “{technique}”. Practise both in a chat at {difficulty} level: the customer raises this objection first.',
  },
  // The chat's intro line names the focus: 'Übung · Mittel · Einwand „Preis“: …'
  'progress.next.focus': { de: 'Einwand „{family}“', en: 'Objection “{family}”' },
  'progress.next.start': { de: 'Übung starten: {family}', en: 'Start practice: {family}' },
  'progress.next.tooLittle': { de: 'Noch zu wenig Daten', en: 'Not enough data yet' },
  'progress.next.tooLittleText': {
    de: 'Ab 5 bewerteten Antworten im Zeitraum (und 3 zu einem Einwand) empfehlen wir dir, was du als Nächstes üben solltest.',
    en: 'From 5 scored answers in the period (and 3 to one objection) on, we recommend what to practise next.',
  },

  'progress.techniques.title': { de: 'Techniken', en: 'Techniques' },
  'progress.techniques.text': {
    de: 'Anteil deiner Antworten, in denen du die Technik gezeigt hast, neben dem Zeitraum davor.',
    en: 'The share of your answers that showed the technique, beside the period before.',
  },
  'progress.rate': { de: '{percent} %', en: '{percent} %' },
  'progress.none': { de: '–', en: '–' },
  'progress.shownOf': { de: '{shown} von {total} Antworten', en: '{shown} of {total} answers' },
  'progress.previous': { de: 'Zeitraum davor: {rate}', en: 'Period before: {rate}' },
  'progress.trend.up': { de: 'steigend', en: 'up' },
  'progress.trend.down': { de: 'fallend', en: 'down' },
  'progress.trend.flat': { de: 'gleich', en: 'flat' },
  'progress.trend.none': { de: 'noch kein Vergleich', en: 'no comparison yet' },
  'progress.trend': { de: 'Trend: {trend}', en: 'Trend: {trend}' },
  'progress.chart.label': { de: '{name}: {points}', en: '{name}: {points}' },
  'progress.chart.weekly': { de: '{name} je Woche', en: '{name} per week' },
  'progress.chart.point': { de: '{label} {value}', en: '{label} {value}' },
  'progress.chart.empty': { de: 'noch keine Werte', en: 'no values yet' },
  'progress.weekly.title': { de: 'Wochenwerte als Tabelle', en: 'Weekly values as a table' },
  'progress.weekly.week': { de: 'Woche ab', en: 'Week from' },

  'progress.tech.acknowledge': { de: 'Einwand anerkennen', en: 'Acknowledge the objection' },
  'progress.tech.question': { de: 'Rückfrage stellen', en: 'Ask a question' },
  'progress.tech.benefit': { de: 'Nutzen fürs Produkt', en: 'Product benefit' },
  'progress.tech.evidence': { de: 'Beleg / Beispiel', en: 'Evidence / example' },
  'progress.tech.next_step': { de: 'Nächster Schritt', en: 'Next step' },
  'progress.tech.formality': { de: 'Passende Anrede', en: 'Right form of address' },
  'progress.tech.tone': { de: 'Ton & Länge', en: 'Tone & length' },

  'progress.families.title': { de: 'Einwände', en: 'Objections' },
  'progress.families.text': {
    de: 'Je Einwand: wie oft er kam, wie oft du ihn gelöst hast und die durchschnittliche Punktzahl deiner Antworten. Markiert sind deine drei schwächsten.',
    en: 'Per objection: how often it came up, how often you overcame it and the average score of your answers. Your three weakest are marked.',
  },
  'progress.families.empty': { de: 'Im Zeitraum noch keine Einwände.', en: 'No objections in the period yet.' },
  'progress.families.table': { de: 'Einwände im Zeitraum', en: 'Objections in the period' },
  'progress.families.family': { de: 'Einwand', en: 'Objection' },
  'progress.families.attempts': { de: 'Versuche', en: 'Attempts' },
  'progress.families.solved': { de: 'Gelöst', en: 'Overcome' },
  'progress.families.failed': { de: 'nicht gelöst', en: 'not solved' },
  'progress.families.average': { de: 'Ø Punkte', en: 'Avg. score' },
  'progress.families.weak': { de: 'schwach', en: 'weak' },

  'progress.family.price': { de: 'Preis', en: 'Price' },
  'progress.family.no_need': { de: 'Kein Bedarf', en: 'No need' },
  'progress.family.no_time': { de: 'Keine Zeit', en: 'No time' },
  'progress.family.existing_supplier': { de: 'Bestehender Anbieter', en: 'Existing supplier' },
  'progress.family.trust': { de: 'Vertrauen', en: 'Trust' },
  'progress.family.authority': { de: 'Entscheidungsbefugnis', en: 'Authority' },
  'progress.family.risk_of_change': { de: 'Aufwand der Umstellung', en: 'Risk of change' },
  'progress.family.data_protection': { de: 'Datenschutz', en: 'Data protection' },
  'progress.family.timing': { de: 'Zeitpunkt', en: 'Timing' },
  'progress.family.works_council': { de: 'Betriebsrat', en: 'Works council' },

  'progress.exams.title': { de: 'Prüfungen', en: 'Exams' },
  'progress.exams.empty': { de: 'Im Zeitraum noch keine ausgewertete Prüfung.', en: 'No evaluated exam in the period yet.' },
  'progress.exams.chart': { de: 'Prüfungsergebnisse', en: 'Exam results' },
  'progress.exams.date': { de: 'Datum', en: 'Date' },
  'progress.exams.difficulty': { de: 'Schwierigkeit', en: 'Difficulty' },
  'progress.exams.score': { de: 'Ergebnis', en: 'Score' },
  'progress.exams.best': { de: 'Bestleistung je Schwierigkeit', en: 'Personal best per difficulty' },
  'progress.exams.table': { de: 'Alle Prüfungen als Tabelle', en: 'All exams as a table' },
} satisfies Catalogue;
