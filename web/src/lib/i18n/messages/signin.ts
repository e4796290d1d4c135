import type { Catalogue } from './types';

/** The sign-in page's own texts (sign-in, sign-up, forgotten password, reset, invitation, code step), loaded with that page. */
export const signin = {
  'signin.pointsLabel': { de: 'Deine Vorteile', en: 'Your benefits' },
  'signin.point.trainings.title': { de: 'Personalisierte Trainings', en: 'Personalised training' },
  'signin.point.trainings.text': {
    de: 'Übe Einwände zu deinem eigenen Produkt mit einem KI-Kunden.',
    en: 'Practise objections about your own product with an AI customer.',
  },
  'signin.point.progress.title': { de: 'Fortschritt im Blick', en: 'Progress tracking' },
  'signin.point.progress.text': {
    de: 'Verfolge Streaks, Challenges und deine Entwicklung im Dashboard.',
    en: 'Follow your streaks, challenges and development in the dashboard.',
  },
  'signin.point.levels.title': { de: 'Level-System & Belohnungen', en: 'Level system & rewards' },
  'signin.point.levels.text': {
    de: 'Sammle XP, steige im Level auf und meistere Challenges.',
    en: 'Collect XP, level up and master challenges.',
  },
  'signin.title.signIn': { de: 'Willkommen zurück', en: 'Welcome back' },
  'signin.title.signUp': { de: 'Konto erstellen', en: 'Create account' },
  'signin.subtitle.signIn': {
    de: 'Melde dich an, um weiter zu trainieren.',
    en: 'Sign in to continue training.',
  },
  'signin.subtitle.signUp': {
    de: 'Registriere dich kostenlos und starte dein erstes Training.',
    en: 'Sign up for free and start your first training.',
  },
  'signin.company': { de: 'Unternehmen (optional)', en: 'Company (optional)' },
  'signin.remember': { de: 'Angemeldet bleiben', en: 'Stay signed in' },
  'signin.forgot': { de: 'Passwort vergessen?', en: 'Forgot password?' },
  'signin.submit.signIn': { de: 'Anmelden', en: 'Sign in' },
  'signin.submit.signUp': { de: 'Registrieren', en: 'Sign up' },
  'signin.toggle.toSignUpPrompt': { de: 'Noch kein Konto?', en: 'No account yet?' },
  'signin.toggle.toSignUp': { de: 'Jetzt registrieren', en: 'Sign up now' },
  'signin.toggle.toSignInPrompt': { de: 'Bereits registriert?', en: 'Already registered?' },
  'signin.toggle.toSignIn': { de: 'Jetzt anmelden', en: 'Sign in now' },
  'signin.or': { de: 'oder', en: 'or' },
  'signin.google': { de: 'Mit Google anmelden', en: 'Sign in with Google' },
  'signin.apple': { de: 'Mit Apple anmelden', en: 'Sign in with Apple' },
  'signin.anonymous': { de: 'Ohne Konto ausprobieren', en: 'Try without an account' },
  'signin.registered': {
    de: 'Registrierung erfolgreich! Bitte bestätige deine E-Mail und melde dich anschließend an.',
    en: 'Registration successful! Please confirm your email and then sign in.',
  },
  'signin.confirming': {
    de: 'Deine E-Mail-Adresse wird bestätigt…',
    en: 'Confirming your email address…',
  },
  'signin.teamJoin': {
    de: 'Du wurdest in ein Team eingeladen. Melde dich an oder registriere dich; danach trittst du dem Team bei.',
    en: 'You have been invited to a team. Sign in or sign up; you join the team afterwards.',
  },
  'signin.teamJoinNamed': {
    de: 'Du wurdest in das Team „{name}“ eingeladen. Melde dich an oder registriere dich; danach trittst du dem Team bei.',
    en: 'You have been invited to the team “{name}”. Sign in or sign up; you join the team afterwards.',
  },
  'signin.confirmed': {
    de: 'Deine E-Mail-Adresse ist bestätigt. Du kannst dich jetzt anmelden.',
    en: 'Your email address is confirmed. You can sign in now.',
  },
  'signin.passwordChanged': {
    de: 'Dein Passwort wurde geändert. Bitte melde dich mit dem neuen Passwort an.',
    en: 'Your password has been changed. Please sign in with the new password.',
  },
  'signin.socialFailed': { de: 'Social Login fehlgeschlagen', en: 'Social sign-in failed' },
  'signin.continuing': { de: 'Anmeldung wird abgeschlossen…', en: 'Finishing sign-in…' },
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
  'signin.totp.title': { de: 'Zwei-Faktor-Anmeldung', en: 'Two-factor sign-in' },
  'signin.totp.text': {
    de: 'Gib den 6-stelligen Code aus deiner Authenticator-App ein.',
    en: 'Enter the 6-digit code from your authenticator app.',
  },
  'signin.totp.recoveryText': {
    de: 'Gib einen deiner Wiederherstellungscodes ein. Jeder Code funktioniert nur einmal.',
    en: 'Enter one of your recovery codes. Each code works only once.',
  },
  'signin.totp.label': { de: '6-stelliger Code', en: '6-digit code' },
  'signin.totp.recoveryLabel': { de: 'Wiederherstellungscode', en: 'Recovery code' },
  'signin.totp.submit': { de: 'Bestätigen', en: 'Confirm' },
  'signin.totp.missing': { de: 'Bitte gib den Code ein.', en: 'Please enter the code.' },
  'signin.totp.useRecovery': { de: 'Wiederherstellungscode verwenden', en: 'Use a recovery code' },
  'signin.totp.useApp': { de: 'Code aus der App verwenden', en: 'Use the code from the app' },

  // Company sign-in (issue 29): the e-mail step, the provider's return errors, the link step.
  'signin.sso.button': { de: 'Mit Firmenkonto anmelden', en: 'Sign in with your company account' },
  'signin.sso.text': {
    de: 'Gib deine geschäftliche E-Mail-Adresse ein. Wir leiten dich zur Anmeldung deiner Firma weiter.',
    en: "Enter your work e-mail address. We take you to your company's sign-in.",
  },
  'signin.sso.email': { de: 'Geschäftliche E-Mail', en: 'Work e-mail' },
  'signin.sso.submit': { de: 'Weiter', en: 'Continue' },
  'signin.sso.emailInvalid': {
    de: 'Bitte gib deine geschäftliche E-Mail-Adresse ein.',
    en: 'Please enter your work e-mail address.',
  },
  'signin.sso.failed': {
    de: 'Die Anmeldung über deine Firma ist fehlgeschlagen.',
    en: 'Signing in through your company failed.',
  },
  'signin.sso.unverified': {
    de: 'Deine Firma hat diese E-Mail-Adresse nicht als bestätigt gemeldet. Bitte wende dich an die IT deiner Firma.',
    en: "Your company has not reported this e-mail address as verified. Please contact your company's IT.",
  },
  'signin.sso.foreignDomain': {
    de: 'Diese E-Mail-Adresse gehört nicht zu einer Domain deiner Firma.',
    en: "This e-mail address does not belong to one of your company's domains.",
  },
  'signin.sso.off': {
    de: 'Die Firmen-Anmeldung deines Teams ist ausgeschaltet. Melde dich bitte anders an.',
    en: "Your team's company sign-in is turned off. Please sign in another way.",
  },
  'signin.sso.required': {
    de: 'Dein Team meldet sich über die Firma an. Bitte nutze „Mit Firmenkonto anmelden“.',
    en: 'Your team signs in through the company. Please use “Sign in with your company account”.',
  },
  'signin.ssoLink.title': { de: 'Konto verbinden', en: 'Link your account' },
  'signin.ssoLink.loading': { de: 'Link wird geprüft…', en: 'Checking the link…' },
  'signin.ssoLink.text': {
    de: 'Für {email} gibt es schon ein Konto. Gib einmal dein Passwort ein, um es mit der Firmen-Anmeldung von {team} zu verbinden.',
    en: "An account for {email} already exists. Enter its password once to link it to {team}'s company sign-in.",
  },
  'signin.ssoLink.submit': { de: 'Verbinden und anmelden', en: 'Link and sign in' },
  'signin.ssoLink.noPassword': {
    de: 'Dieses Konto hat kein Passwort. Melde dich wie bisher an und bitte den Inhaber deines Teams um eine Einladung; danach klappt die Firmen-Anmeldung.',
    en: "This account has no password. Sign in as before and ask your team's owner for an invitation; company sign-in works after that.",
  },
} satisfies Catalogue;
