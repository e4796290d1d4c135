import type { Catalogue } from './types';

export const auth = {
  'login.email': { de: 'E-Mail-Adresse', en: 'Email address' },
  'login.password': { de: 'Passwort', en: 'Password' },
  'login.confirmPassword': { de: 'Passwort bestätigen', en: 'Confirm password' },
  'login.showPassword': { de: 'Passwort anzeigen', en: 'Show password' },
  'login.hidePassword': { de: 'Passwort verbergen', en: 'Hide password' },
  'login.pleaseWait': { de: 'Bitte warten…', en: 'Please wait…' },
  'login.terms': {
    de: 'Ich akzeptiere die <agb>Nutzungsbedingungen</agb> und bestätige die Kenntnisnahme der <privacy>Datenschutzerklärung</privacy>.',
    en: 'I accept the <agb>terms of use</agb> and acknowledge the <privacy>privacy policy</privacy>.',
  },
  'login.noToken': { de: 'Kein gültiges Token', en: 'No valid token' },
  'login.profileFailed': {
    de: 'Nutzerprofil konnte nicht geladen werden',
    en: 'User profile could not be loaded',
  },
  'login.roleFailed': { de: 'Rollenprüfung fehlgeschlagen', en: 'Role check failed' },
  'login.roleFailedText': {
    de: 'Benutzerrolle konnte nicht ermittelt werden.',
    en: 'The user role could not be determined.',
  },
  'validation.emailRequired': {
    de: 'Bitte gib deine E-Mail-Adresse ein.',
    en: 'Please enter your email address.',
  },
  'validation.emailInvalid': {
    de: 'Bitte gib eine gültige E-Mail-Adresse ein.',
    en: 'Please enter a valid email address.',
  },
  'validation.passwordRequired': {
    de: 'Bitte gib dein Passwort ein.',
    en: 'Please enter your password.',
  },
  'validation.passwordMin': {
    de: 'Das Passwort muss mindestens 8 Zeichen lang sein.',
    en: 'The password must be at least 8 characters long.',
  },
  'validation.passwordMax': {
    de: 'Das Passwort darf höchstens 128 Zeichen lang sein.',
    en: 'The password must be at most 128 characters long.',
  },
  'validation.passwordMismatch': {
    de: 'Passwörter stimmen nicht überein.',
    en: 'Passwords do not match.',
  },
  'validation.termsRequired': {
    de: 'Bitte akzeptiere unsere Nutzungsbedingungen und bestätige die Kenntnisnahme der Datenschutzerklärung, um fortzufahren.',
    en: 'Please accept our terms of use and confirm that you have read the privacy policy to continue.',
  },
  'terms.title': { de: 'Nutzungsbedingungen', en: 'Terms of use' },
  'terms.intro': {
    de: 'Bevor es losgeht, bestätige bitte unsere aktuellen Nutzungsbedingungen.',
    en: 'Before you start, please confirm our current terms of use.',
  },
  'terms.failed': {
    de: 'Zustimmung konnte nicht gespeichert werden.',
    en: 'Consent could not be saved.',
  },
  'terms.decline': {
    de: 'Du möchtest nicht zustimmen? Dann kannst du dich abmelden.',
    en: 'You do not want to agree? Then you can sign out.',
  },
  'guest.banner': {
    de: 'Du nutzt Sales Coach als Gast.',
    en: 'You are using Sales Coach as a guest.',
  },
  'guest.upgrade': { de: 'Konto anlegen', en: 'Create an account' },
  'guest.dialogTitle': { de: 'Gastkonto sichern', en: 'Keep your guest account' },
  'guest.dialogText': {
    de: 'Lege E-Mail-Adresse und Passwort fest. Dein Fortschritt bleibt erhalten.',
    en: 'Set an email address and a password. Your progress is kept.',
  },
  'guest.submit': { de: 'Konto sichern', en: 'Save account' },
  'guest.done': {
    de: 'Fast geschafft! Bitte bestätige deine E-Mail-Adresse über den Link, den wir dir geschickt haben.',
    en: 'Almost done! Please confirm your email address with the link we have sent you.',
  },
} satisfies Catalogue;
