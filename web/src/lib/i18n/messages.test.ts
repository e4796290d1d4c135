import { describe, expect, it } from 'vitest';
import { auth } from './messages/auth';
import { chat } from './messages/chat';
import { chatParts } from './messages/chatParts';
import { dashboard } from './messages/dashboard';
import { progress } from './messages/progress';
import { scenarios } from './messages/scenarios';
import { seats } from './messages/seats';
import { team } from './messages/team';
import { help } from './messages/help';
import { common } from './messages/common';
import { layout } from './messages/layout';
import { profile } from './messages/profile';
import { tutorial } from './messages/tutorial';
import { feedback } from './messages/feedback';
import { adminCore } from './messages/adminCore';
import { adminInsights } from './messages/adminInsights';
import { core } from './messages';
import { admin } from './messages/admin';
import { interpolate, splitRich, tokensOf, translate } from './i18n';
import type { Text } from './messages/types';
import { serverEnglish } from './messages/server';
import serverGerman from './server-messages.json';
import { translateServer } from './server';

/** Every form of a text: the text itself, or its plural forms. */
const forms = (text: Text): string[] => (typeof text === 'string' ? [text] : [text.one, text.other]);

const messages = { ...core, ...chat, ...chatParts, ...profile, ...dashboard, ...progress, ...scenarios, ...seats, ...team, ...tutorial, ...help, ...feedback, ...admin };

const catalogues = { common, auth, layout, chat, chatParts, profile, dashboard, progress, scenarios, seats, team, tutorial, help, feedback, adminCore, adminInsights };

describe('i18n catalogue', () => {
  it('has a German and an English text for every key', () => {
    for (const [key, entry] of Object.entries(messages) as [string, { de: Text; en: Text }][]) {
      for (const text of [...forms(entry.de), ...forms(entry.en)]) expect(text.trim(), key).not.toBe('');
    }
  });

  it('uses the same placeholders and tags in both languages', () => {
    for (const [key, entry] of Object.entries(messages) as [string, { de: Text; en: Text }][]) {
      const de = tokensOf(forms(entry.de)[0] ?? '');
      for (const text of [...forms(entry.de), ...forms(entry.en)]) expect(tokensOf(text), key).toEqual(de);
    }
  });

  it('defines every key once across the catalogue files', () => {
    const total = Object.values(catalogues).reduce((n, c) => n + Object.keys(c).length, 0);
    expect(Object.keys(messages)).toHaveLength(total);
  });

  it('keeps the exact German texts of the specification', () => {
    expect(translate('de', 'app.tagline')).toBe('Dein intelligenter Sales Coach für maximalen Erfolg');
    expect(translate('de', 'signin.registered')).toBe(
      'Registrierung erfolgreich! Bitte bestätige deine E-Mail und melde dich anschließend an.',
    );
    expect(translate('de', 'validation.termsRequired')).toBe(
      'Bitte akzeptiere unsere Nutzungsbedingungen und bestätige die Kenntnisnahme der Datenschutzerklärung, um fortzufahren.',
    );
    expect(translate('de', 'errors.boundary')).toBe('Entschuldigung, hier ist ein Fehler aufgetreten.');
    expect(translate('de', 'nav.phoneSoon')).toBe('Die Telefonfunktion ist bald live');
    expect(translate('de', 'chat.welcome.title')).toBe('Bereit für das nächste Level?');
    expect(translate('de', 'chat.hint.loading')).toBe('Individuelle Tipps werden geladen...');
    expect(translate('de', 'chat.limit.details', { limit: 5 })).toBe(
      'Du hast dein monatliches Chat-Limit (5) erreicht. Bitte upgrade dein Abo, um weitere Chats zu starten.',
    );
    expect(translate('de', 'chat.progress.almost')).toBe('Einwand fast gelöst – eine Antwort fehlt noch');
    expect(translate('de', 'chat.notice')).toBe('KIs können Fehler machen. Überprüfe wichtige Informationen.');
    expect(translate('de', 'history.deleteTitle')).toBe('Konversation wirklich löschen?');
    // profile, dashboard (U+2011 non-breaking hyphen in 'Einladungs‑Link')
    expect(translate('de', 'profile.forcedHint')).toBe(
      'Bitte trage dein Produkt ein, damit wir dich bestmöglich unterstützen können.',
    );
    expect(translate('de', 'dashboard.invite.copiedToast')).toBe('Einladungs\u2011Link wurde kopiert!');
    expect(translate('de', 'profile.notUpdated')).toBe('Keine Berechtigung oder kein Datensatz aktualisiert.');
    expect(translate('de', 'profile.avatar.size')).toBe('Datei zu groß (max. 2 MB).');
    expect(translate('de', 'dashboard.challenges.failed')).toBe('Challenge-Icons konnten nicht geladen werden.');
    // feedback page and admin screens (spec 02 §4, §8)
    expect(translate('de', 'feedback.success')).toBe('Danke für dein Feedback!');
    expect(translate('de', 'feedback.failed')).toBe('Fehler beim Senden des Feedbacks');
    expect(translate('de', 'feedback.messageRequired')).toBe('Nachricht darf nicht leer sein');
    expect(translate('de', 'feedback.own.empty')).toBe('Noch kein Feedback eingereicht.');
    expect(translate('de', 'feedback.status.in_bearbeitung')).toBe('In Bearbeitung');
    expect(translate('de', 'adminCore.loading')).toBe('Lade...');
    expect(translate('de', 'adminCore.feedback.loadFailed')).toBe('Feedbacks konnten nicht geladen werden.');
    expect(translate('de', 'adminCore.feedback.updateFailed')).toBe('Status konnte nicht aktualisiert werden.');
    expect(translate('de', 'adminCore.feedback.empty')).toBe('Es liegt kein Feedback vor.');
    expect(translate('de', 'adminCore.chats.none')).toBe('Keine Konversation ausgewählt.');
    expect(translate('de', 'adminCore.compliance.loadFailed')).toBe('Fehler beim Laden der Compliance-Metriken');
    // company sign-in (issue 29, the contract's texts)
    expect(translate('de', 'signin.sso.button')).toBe('Mit Firmenkonto anmelden');
    expect(translate('en', 'signin.sso.button')).toBe('Sign in with your company account');
    expect(translate('de', 'signin.ssoLink.text', { email: 'a@acme.com', team: 'ACME' })).toBe(
      'Für a@acme.com gibt es schon ein Konto. Gib einmal dein Passwort ein, um es mit der Firmen-Anmeldung von ACME zu verbinden.',
    );
    // issue 38: a domain counts once its DNS record proves it, not after a test
    expect(translate('de', 'team.sso.rule')).toBe(
      'Jede Domain bestätigst du mit einem TXT-Eintrag im DNS deiner Firma: Nach dem Speichern stehen unten Name und Wert. Gib beides an deine IT weiter und drücke danach „Prüfen“. Erst dann können sich Adressen dieser Domain über die Firma anmelden. Jede Domain kann nur zu einem Team gehören.',
    );
    expect(translate('de', 'team.join.otherEmail', { email: 'anna@firma.de' })).toBe(
      'Diese Einladung gilt für anna@firma.de. Melde dich ab und mit dieser Adresse an, um sie anzunehmen.',
    );
    expect(translate('de', 'team.join.otherEmail', { email: 'x' })).toBe(interpolate(serverGerman.team_invitation_other_email, { email: 'x' }));
    expect(translate('en', 'team.join.otherEmail', { email: 'x' })).toBe(interpolate(serverEnglish.team_invitation_other_email, { email: 'x' }));
    expect(translate('de', 'signin.sso.required')).toBe(serverGerman.sso_required);
    expect(translate('en', 'signin.sso.required')).toBe(serverEnglish.sso_required);
    expect(translate('de', 'team.sso.secretSaved')).toBe('gespeichert – leer lassen, um es zu behalten');
    expect(translate('de', 'team.sso.adminDisabled')).toBe(
      'Ein Admin hat die Firmen-Anmeldung ausgeschaltet. Teste sie erneut, um sie wieder einzuschalten.',
    );
    // the login page's texts of the provider's return are the server's messages
    expect(translate('de', 'signin.sso.failed')).toBe(serverGerman.sso_failed);
    expect(translate('de', 'signin.sso.unverified')).toBe(serverGerman.sso_unverified_email);
    expect(translate('de', 'signin.sso.foreignDomain')).toBe(serverGerman.sso_foreign_domain);
    expect(translate('de', 'signin.sso.off')).toBe(serverGerman.sso_off);
    expect(translate('en', 'signin.sso.off')).toBe(serverEnglish.sso_off);
    expect(translate('de', 'team.sso.error.domainTaken')).toBe(serverGerman.sso_domain_taken);
    expect(translate('de', 'team.sso.error.unverified')).toBe(serverGerman.sso_unverified_email);
  });

  it('chooses plural forms by count', () => {
    expect(translate('en', 'adminCore.search.results', { count: 1, query: 'x' })).toBe('1 result for “x”');
    expect(translate('en', 'adminCore.search.results', { count: 2, query: 'x' })).toBe('2 results for “x”');
    expect(translate('en', 'adminCore.search.results', { count: 0, query: 'x' })).toBe('0 results for “x”');
    expect(translate('de', 'chat.difficulty.objections', { count: 1 })).toBe('1 Einwand');
    expect(translate('de', 'chat.difficulty.objections', { count: 3 })).toBe('3 Einwände');
    expect(translate('de', 'dashboard.stats.streakDays', { count: 1 })).toBe('1 Tag');
    expect(translate('en', 'dashboard.stats.streakDays', { count: 5 })).toBe('5 days');
  });

  it('has an English text with the same placeholders for every server message', () => {
    const codes = Object.keys(serverGerman);
    expect(codes.length).toBeGreaterThan(100);
    expect(Object.keys(serverEnglish).sort()).toEqual(codes.sort());
    for (const code of codes) {
      const key = code as keyof typeof serverGerman;
      expect(serverEnglish[key].trim(), code).not.toBe('');
      expect(tokensOf(serverEnglish[key]), code).toEqual(tokensOf(serverGerman[key]));
    }
  });

  it('translates server messages by code, with placeholders and nested reasons', () => {
    const tooLong = { code: 'message_too_long', error: 'Die Nachricht ist zu lang (max. 4000 Zeichen).', params: { max: 4000 } };
    expect(translateServer('de', tooLong)).toBe('Die Nachricht ist zu lang (max. 4000 Zeichen).');
    expect(translateServer('en', tooLong)).toBe('The message is too long (max. 4000 characters).');
    expect(translateServer('en', { code: 'engine_timeout', error: '…', params: { seconds: 0.5 } })).toBe(
      'The model server did not answer within 0.5 seconds.',
    );
    // German is the server's own text.
    expect(
      translateServer('de', {
        code: 'engine_timeout',
        error: 'Der Modellserver hat nicht innerhalb von 0,5 Sekunden geantwortet.',
        params: { seconds: 0.5 },
      }),
    ).toBe('Der Modellserver hat nicht innerhalb von 0,5 Sekunden geantwortet.');
    const upload = {
      code: 'upload_failed',
      error: 'Upload fehlgeschlagen: Speicher nicht erreichbar.',
      params: { reason: { code: 'storage_unreachable', error: 'Speicher nicht erreichbar.' } },
    };
    expect(translateServer('en', upload)).toBe('Upload failed: Storage cannot be reached.');
    // A day ("2026-12-01") is written as English prose writes it.
    expect(
      translateServer('en', {
        code: 'chat_limit_renews',
        error: 'Du hast dein monatliches Chat-Limit (5) erreicht. Ab dem 1. Dezember 2026 kannst du wieder Chats starten.',
        params: { quota: 5, date: '2026-12-01' },
      }),
    ).toBe('You have reached your monthly chat limit (5). You can start chats again on 1 December 2026.');
    // A code this client does not know yet: the server's own text.
    expect(translateServer('en', { code: 'brand_new', error: 'Neu.' })).toBe('Neu.');
    expect(translateServer('en', {})).toBe('');
  });

  it('interpolates placeholders and splits rich tags', () => {
    expect(interpolate('Abo endet am {date}', { date: '1.7.' })).toBe('Abo endet am 1.7.');
    expect(splitRich('a <b>c</b> d')).toEqual([{ text: 'a ' }, { tag: 'b', text: 'c' }, { text: ' d' }]);
  });
});
