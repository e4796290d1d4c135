import type { Catalogue } from './types';

export const auth = {
  'login.pointsLabel': { de: 'Deine Vorteile', en: 'Your benefits' },
  'login.point.trainings.title': { de: 'Personalisierte Trainings', en: 'Personalised training' },
  'login.point.trainings.text': {
    de: 'Übe Einwände zu deinem eigenen Produkt mit einem KI-Kunden.',
    en: 'Practise objections about your own product with an AI customer.',
  },
  'login.point.progress.title': { de: 'Fortschritt im Blick', en: 'Progress tracking' },
  'login.point.progress.text': {
    de: 'Verfolge Streaks, Challenges und deine Entwicklung im Dashboard.',
    en: 'Follow your streaks, challenges and development in the dashboard.',
  },
  'login.point.levels.title': { de: 'Level-System & Belohnungen', en: 'Level system & rewards' },
  'login.point.levels.text': {
    de: 'Sammle XP, steige im Level auf und meistere Challenges.',
    en: 'Collect XP, level up and master challenges.',
  },
  'login.title.signIn': { de: 'Willkommen zurück', en: 'Welcome back' },
  'login.title.signUp': { de: 'Konto erstellen', en: 'Create account' },
  'login.subtitle.signIn': {
    de: 'Melde dich an, um weiter zu trainieren.',
    en: 'Sign in to continue training.',
  },
  'login.subtitle.signUp': {
    de: 'Registriere dich kostenlos und starte dein erstes Training.',
    en: 'Sign up for free and start your first training.',
  },
  'login.email': { de: 'E-Mail-Adresse', en: 'Email address' },
  'login.password': { de: 'Passwort', en: 'Password' },
  'login.confirmPassword': { de: 'Passwort bestätigen', en: 'Confirm password' },
  'login.company': { de: 'Unternehmen (optional)', en: 'Company (optional)' },
  'login.showPassword': { de: 'Passwort anzeigen', en: 'Show password' },
  'login.hidePassword': { de: 'Passwort verbergen', en: 'Hide password' },
  'login.remember': { de: 'Angemeldet bleiben', en: 'Stay signed in' },
  'login.forgot': { de: 'Passwort vergessen?', en: 'Forgot password?' },
  'login.submit.signIn': { de: 'Anmelden', en: 'Sign in' },
  'login.submit.signUp': { de: 'Registrieren', en: 'Sign up' },
  'login.pleaseWait': { de: 'Bitte warten…', en: 'Please wait…' },
  'login.toggle.toSignUpPrompt': { de: 'Noch kein Konto?', en: 'No account yet?' },
  'login.toggle.toSignUp': { de: 'Jetzt registrieren', en: 'Sign up now' },
  'login.toggle.toSignInPrompt': { de: 'Bereits registriert?', en: 'Already registered?' },
  'login.toggle.toSignIn': { de: 'Jetzt anmelden', en: 'Sign in now' },
  'login.or': { de: 'oder', en: 'or' },
  'login.google': { de: 'Mit Google anmelden', en: 'Sign in with Google' },
  'login.apple': { de: 'Mit Apple anmelden', en: 'Sign in with Apple' },
  'login.anonymous': { de: 'Ohne Konto ausprobieren', en: 'Try without an account' },
  'login.terms': {
    de: 'Ich akzeptiere die <agb>Nutzungsbedingungen</agb> und bestätige die Kenntnisnahme der <privacy>Datenschutzerklärung</privacy>. Ich verlange ausdrücklich, dass mit der Leistung vor Ablauf der Widerrufsfrist begonnen wird, und mir ist bekannt, dass ich dadurch mein Widerrufsrecht verliere.',
    en: 'I accept the <agb>terms of use</agb> and acknowledge the <privacy>privacy policy</privacy>. I expressly request that the service begins before the withdrawal period ends, and I understand that I thereby lose my right of withdrawal.',
  },
  'login.registered': {
    de: 'Registrierung erfolgreich! Bitte bestätige deine E-Mail und melde dich anschließend an.',
    en: 'Registration successful! Please confirm your email and then sign in.',
  },
  'login.confirming': {
    de: 'Deine E-Mail-Adresse wird bestätigt…',
    en: 'Confirming your email address…',
  },
  'login.confirmed': {
    de: 'Deine E-Mail-Adresse ist bestätigt. Du kannst dich jetzt anmelden.',
    en: 'Your email address is confirmed. You can sign in now.',
  },
  'login.passwordChanged': {
    de: 'Dein Passwort wurde geändert. Bitte melde dich mit dem neuen Passwort an.',
    en: 'Your password has been changed. Please sign in with the new password.',
  },
  'login.socialFailed': { de: 'Social Login fehlgeschlagen', en: 'Social sign-in failed' },
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
  'login.continuing': { de: 'Anmeldung wird abgeschlossen…', en: 'Finishing sign-in…' },
  'forgot.title': { de: 'Passwort zurücksetzen', en: 'Reset password' },
  'forgot.text': {
    de: 'Gib deine E-Mail-Adresse ein. Wir schicken dir einen Link zum Zurücksetzen.',
    en: 'Enter your email address. We will send you a link to reset your password.',
  },
  'forgot.submit': { de: 'Link senden', en: 'Send link' },
  'forgot.sent': {
    de: 'Wenn ein Konto zu dieser E-Mail-Adresse existiert, haben wir dir einen Link zum Zurücksetzen geschickt.',
    en: 'If an account exists for this email address, we have sent you a link to reset your password.',
  },
  'forgot.back': { de: 'Zurück zur Anmeldung', en: 'Back to sign-in' },
  'reset.title': { de: 'Neues Passwort festlegen', en: 'Set a new password' },
  'reset.text': {
    de: 'Wähle ein neues Passwort mit mindestens 8 Zeichen.',
    en: 'Choose a new password with at least 8 characters.',
  },
  'reset.password': { de: 'Neues Passwort', en: 'New password' },
  'reset.confirm': { de: 'Neues Passwort bestätigen', en: 'Confirm new password' },
  'reset.submit': { de: 'Passwort speichern', en: 'Save password' },
  'invite.title': { de: 'Passwort festlegen', en: 'Set your password' },
  'invite.text': {
    de: 'Willkommen bei Sales Coach! Du wurdest eingeladen. Lege ein Passwort mit mindestens 8 Zeichen fest, um dein Konto zu aktivieren.',
    en: 'Welcome to Sales Coach! You have been invited. Set a password with at least 8 characters to activate your account.',
  },
  'invite.done': {
    de: 'Dein Passwort ist gespeichert und dein Konto aktiviert. Melde dich jetzt mit deiner E-Mail-Adresse und dem neuen Passwort an.',
    en: 'Your password is saved and your account is activated. Sign in now with your email address and the new password.',
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
  'login.totp.title': { de: 'Zwei-Faktor-Anmeldung', en: 'Two-factor sign-in' },
  'login.totp.text': {
    de: 'Gib den 6-stelligen Code aus deiner Authenticator-App ein.',
    en: 'Enter the 6-digit code from your authenticator app.',
  },
  'login.totp.recoveryText': {
    de: 'Gib einen deiner Wiederherstellungscodes ein. Jeder Code funktioniert nur einmal.',
    en: 'Enter one of your recovery codes. Each code works only once.',
  },
  'login.totp.label': { de: '6-stelliger Code', en: '6-digit code' },
  'login.totp.recoveryLabel': { de: 'Wiederherstellungscode', en: 'Recovery code' },
  'login.totp.submit': { de: 'Bestätigen', en: 'Confirm' },
  'login.totp.missing': { de: 'Bitte gib den Code ein.', en: 'Please enter the code.' },
  'login.totp.useRecovery': { de: 'Wiederherstellungscode verwenden', en: 'Use a recovery code' },
  'login.totp.useApp': { de: 'Code aus der App verwenden', en: 'Use the code from the app' },
} satisfies Catalogue;
