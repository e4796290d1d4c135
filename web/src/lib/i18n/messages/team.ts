import type { Catalogue } from './types';

/**
 * Teams (issue 27): /team ('Team'), the members table and a member's page,
 * the team's aggregates, the join page, the leaderboard ('Bestenliste'),
 * 'Team gründen' on the dashboard and in the profile, 'Mit meinem Team
 * teilen' on a chat, and what the team sees on 'Mein Fortschritt'.
 */
export const team = {
  'team.title': { de: 'Team', en: 'Team' },
  'team.loadFailed': { de: 'Das Team konnte nicht geladen werden.', en: 'The team could not be loaded.' },
  'team.lead': {
    de: 'Wer übt, wo das Team steht und wo es noch hakt.',
    en: 'Who practises, where the team stands and where it still struggles.',
  },
  'team.summary': {
    de: { one: '{name} · {count} Mitglied · deine Rolle: {role}', other: '{name} · {count} Mitglieder · deine Rolle: {role}' },
    en: { one: '{name} · {count} member · your role: {role}', other: '{name} · {count} members · your role: {role}' },
  },
  'team.role.owner': { de: 'Inhaber', en: 'Owner' },
  'team.role.manager': { de: 'Manager', en: 'Manager' },
  'team.role.member': { de: 'Mitglied', en: 'Member' },
  'team.sections': { de: 'Bereiche des Teams', en: 'Team sections' },
  'team.assignments': { de: 'Aufgaben', en: 'Assignments' },
  'team.seats': { de: 'Plätze', en: 'Seats' },

  // Without a team: 'Team gründen'
  'team.none.title': { de: 'Du bist in keinem Team', en: 'You are not in a team' },
  'team.none.text': {
    de: 'Gründe ein Team für deine Vertriebsabteilung: Du lädst Kolleginnen und Kollegen ein, siehst, wer übt und wo das Team schwach ist, und eine Bestenliste hält alle dran. Eingeladen? Öffne den Link aus der Einladung.',
    en: 'Found a team for your sales department: you invite colleagues, see who practises and where the team is weak, and a leaderboard keeps everyone at it. Invited? Open the link in the invitation.',
  },
  'team.found': { de: 'Team gründen', en: 'Found a team' },
  'team.found.name': { de: 'Teamname', en: 'Team name' },
  'team.found.nameRequired': { de: 'Bitte gib einen Teamnamen ein.', en: 'Please enter a team name.' },
  'team.found.nameTooLong': { de: 'Der Teamname darf höchstens 100 Zeichen lang sein.', en: 'The team name may be at most 100 characters long.' },
  'team.found.submit': { de: 'Team gründen', en: 'Found team' },
  'team.found.done': { de: 'Dein Team „{name}“ ist gegründet.', en: 'Your team “{name}” has been founded.' },
  'team.found.guest': {
    de: 'Um ein Team zu gründen, registriere dich und bestätige deine E-Mail-Adresse.',
    en: 'To found a team, sign up and confirm your e-mail address.',
  },
  'team.card.text': {
    de: 'Trainiert ihr im Vertrieb zusammen? Gründe ein Team und sieh, wer übt.',
    en: 'Does your sales team train together? Found a team and see who practises.',
  },
  'team.card.in': { de: 'Dein Team: {name}', en: 'Your team: {name}' },
  'team.card.open': { de: 'Zum Team', en: 'Go to the team' },

  // Joining
  'team.join.title': { de: 'Einem Team beitreten', en: 'Join a team' },
  'team.join.joining': { de: 'Du trittst dem Team bei …', en: 'Joining the team …' },
  'team.join.done': { de: 'Willkommen im Team „{name}“!', en: 'Welcome to the team “{name}”!' },
  'team.join.already': { de: 'Du bist bereits im Team „{name}“.', en: 'You are already in the team “{name}”.' },
  'team.join.missing': {
    de: 'Dem Link fehlt die Einladung. Öffne den Link aus der E-Mail noch einmal.',
    en: 'The link has no invitation. Open the link in the e-mail again.',
  },
  'team.join.failed': { de: 'Beitritt nicht möglich: {message}', en: 'Could not join: {message}' },
  'team.join.otherEmail': {
    de: 'Diese Einladung gilt für {email}. Melde dich ab und mit dieser Adresse an, um sie anzunehmen.',
    en: 'This invitation is for {email}. Sign out and sign in with that address to accept it.',
  },
  'team.join.signedInAs': { de: 'Du bist angemeldet als {email}.', en: 'You are signed in as {email}.' },
  'team.join.toTeam': { de: 'Zum Team', en: 'Go to the team' },

  // Invite, join link
  'team.invite.title': { de: 'Per E-Mail einladen', en: 'Invite by e-mail' },
  'team.invite.email': { de: 'E-Mail-Adresse', en: 'E-mail address' },
  'team.invite.role': { de: 'Rolle', en: 'Role' },
  'team.invite.submit': { de: 'Einladen', en: 'Invite' },
  'team.invite.sent': {
    de: 'Einladung an {email} verschickt. Der Link gilt 7 Tage und nur einmal.',
    en: 'Invitation sent to {email}. The link is valid for 7 days and once only.',
  },
  // Pending invitations (issue 38)
  'team.invites.title': { de: 'Offene Einladungen', en: 'Pending invitations' },
  'team.invites.empty': { de: 'Keine offenen Einladungen.', en: 'No pending invitations.' },
  'team.invites.expires': { de: 'gültig bis {date}', en: 'valid until {date}' },
  'team.invites.resend': { de: 'Erneut senden', en: 'Send again' },
  'team.invites.resent': {
    de: 'Einladung an {email} erneut gesendet. Der neue Link gilt 7 Tage, der alte nicht mehr.',
    en: 'Invitation sent to {email} again. The new link is valid for 7 days, the old one no longer works.',
  },
  'team.invites.withdraw': { de: 'Zurückziehen', en: 'Withdraw' },
  'team.invites.withdrawTitle': { de: 'Einladung zurückziehen?', en: 'Withdraw the invitation?' },
  'team.invites.withdrawConfirm': {
    de: 'Die Einladung an {email} zurückziehen? Ihr Link funktioniert dann nicht mehr.',
    en: 'Withdraw the invitation to {email}? Its link stops working.',
  },
  'team.invites.withdrawn': { de: 'Einladung an {email} zurückgezogen.', en: 'Invitation to {email} withdrawn.' },
  'team.link.title': { de: 'Beitrittslink', en: 'Join link' },
  'team.link.text': {
    de: 'Wer diesen Link öffnet, tritt dem Team als Mitglied bei. Teile ihn nur im Team.',
    en: 'Whoever opens this link joins the team as a member. Share it only within the team.',
  },
  'team.link.label': { de: 'Beitrittslink des Teams', en: 'The team’s join link' },
  'team.link.copy': { de: 'Link kopieren', en: 'Copy link' },
  'team.link.copied': { de: 'Link kopiert', en: 'Link copied' },
  'team.link.reset': { de: 'Neuen Link erzeugen', en: 'Create a new link' },
  'team.link.resetConfirm': {
    de: 'Der bisherige Link funktioniert dann nicht mehr. Neuen Link erzeugen?',
    en: 'The current link stops working. Create a new link?',
  },
  'team.link.resetDone': { de: 'Neuer Beitrittslink erzeugt.', en: 'New join link created.' },

  // The members table
  'team.members.title': { de: 'Mitglieder', en: 'Members' },
  'team.members.search': { de: 'Name oder E-Mail suchen', en: 'Search name or e-mail' },
  'team.members.empty': { de: 'Keine Mitglieder gefunden.', en: 'No members found.' },
  'team.members.name': { de: 'Name', en: 'Name' },
  'team.members.role': { de: 'Rolle', en: 'Role' },
  'team.members.lastActivity': { de: 'Zuletzt aktiv', en: 'Last active' },
  'team.members.chats': { de: 'Chats', en: 'Chats' },
  'team.members.answers': { de: 'Antworten', en: 'Answers' },
  'team.members.techniques': { de: 'Techniken', en: 'Techniques' },
  'team.members.weakest': { de: 'Schwächste Einwände', en: 'Weakest objections' },
  'team.members.never': { de: 'noch nie', en: 'never' },
  'team.members.sortBy': { de: 'Nach {column} sortieren', en: 'Sort by {column}' },
  'team.members.sort': { de: 'Sortieren nach', en: 'Sort by' },
  'team.members.sortAscending': { de: '{column}, aufsteigend', en: '{column}, ascending' },
  'team.members.sortDescending': { de: '{column}, absteigend', en: '{column}, descending' },
  'team.members.page': { de: 'Seite {page} von {pages}', en: 'Page {page} of {pages}' },
  'team.members.previous': { de: 'Vorherige Seite', en: 'Previous page' },
  'team.members.next': { de: 'Nächste Seite', en: 'Next page' },
  'team.members.pages': { de: 'Seiten der Mitgliederliste', en: 'Member list pages' },
  'team.members.updated': { de: 'Die Zahlen wurden aktualisiert.', en: 'The figures were updated.' },
  'team.members.techniqueRate': { de: '{technique}: {rate}', en: '{technique}: {rate}' },

  // The team's aggregates
  'team.aggregates.title': { de: 'Das Team im Überblick', en: 'The team at a glance' },
  'team.aggregates.techniques': {
    de: 'Anteil der Antworten des Teams, in denen die Technik gezeigt wurde, je Woche.',
    en: 'The share of the team’s answers that showed the technique, per week.',
  },
  'team.aggregates.families': { de: 'Einwände, an denen das Team am häufigsten scheitert', en: 'Objections the team fails most' },
  'team.aggregates.empty': { de: 'Noch keine bewerteten Antworten im Zeitraum.', en: 'No scored answers in the period yet.' },
  'team.aggregates.loadFailed': { de: 'Die Teamzahlen konnten nicht geladen werden.', en: 'The team’s figures could not be loaded.' },

  // A member's page
  'team.member.back': { de: 'Zurück zum Team', en: 'Back to the team' },
  'team.member.loadFailed': { de: 'Das Mitglied konnte nicht geladen werden.', en: 'The member could not be loaded.' },
  'team.member.joined': { de: 'Im Team seit {date}', en: 'In the team since {date}' },
  'team.member.figures': { de: 'Zahlen im Zeitraum', en: 'Figures in the period' },
  'team.member.exams': { de: 'Prüfungen', en: 'Exams' },
  'team.member.noExams': { de: 'Keine bewerteten Prüfungen im Zeitraum.', en: 'No evaluated exams in the period.' },
  'team.member.exam': { de: '{date} · {difficulty} · {score}', en: '{date} · {difficulty} · {score}' },
  'team.member.private': {
    de: 'Was das Mitglied geschrieben hat, bleibt privat, bis es einen Chat mit dem Team teilt. Prüfungen aus Aufgaben des Teams können Inhaber und Manager nachlesen.',
    en: 'What the member wrote stays private until they share a chat with the team. Exams of the team’s assignments are readable by owners and managers.',
  },
  'team.transcripts.title': { de: 'Geteilte Chats und Prüfungen aus Aufgaben', en: 'Shared chats and assignment exams' },
  'team.transcripts.text': {
    de: 'Die neuesten 20 Chats, die du nachlesen kannst: mit dem Team geteilte und Prüfungen aus Aufgaben des Teams.',
    en: 'The newest 20 chats you can read: shared with the team, and exams of the team’s assignments.',
  },
  'team.transcripts.empty': {
    de: 'Noch keine geteilten Chats und keine Prüfungen aus Aufgaben.',
    en: 'No shared chats and no assignment exams yet.',
  },
  'team.transcripts.untitled': { de: 'Chat ohne Titel', en: 'Untitled chat' },
  'team.transcripts.practice': { de: 'Übung', en: 'Practice' },
  'team.transcripts.exam': { de: 'Prüfung', en: 'Exam' },
  'team.transcripts.notEvaluated': { de: 'nicht ausgewertet', en: 'not evaluated' },
  'team.transcripts.shared': { de: 'geteilt', en: 'shared' },
  'team.transcripts.assignment': { de: 'Aufgabe „{title}“', en: 'assignment “{title}”' },
  'team.member.actions': { de: 'Verwalten', en: 'Manage' },
  'team.member.changeRole': { de: 'Rolle ändern', en: 'Change role' },
  'team.member.saveRole': { de: 'Rolle speichern', en: 'Save role' },
  'team.member.roleSaved': { de: 'Rolle gespeichert.', en: 'Role saved.' },
  'team.member.handOver': { de: 'Team übergeben', en: 'Hand over the team' },
  'team.member.handOverConfirm': {
    de: '{name} wird Inhaber des Teams, du wirst Manager. Team übergeben?',
    en: '{name} becomes the team’s owner and you become a manager. Hand over the team?',
  },
  'team.member.remove': { de: 'Aus dem Team entfernen', en: 'Remove from the team' },
  'team.member.removeConfirm': {
    de: '{name} aus dem Team entfernen? Konto und Chats bleiben erhalten.',
    en: 'Remove {name} from the team? Their account and chats stay.',
  },
  'team.member.removed': { de: '{name} wurde aus dem Team entfernt.', en: '{name} was removed from the team.' },

  // Owner's and member's team actions
  'team.manage.title': { de: 'Team verwalten', en: 'Manage the team' },
  'team.delete': { de: 'Team löschen', en: 'Delete team' },
  'team.delete.confirm': {
    de: 'Das Team „{name}“ mit allen Mitgliedschaften und Einladungen löschen? Alle behalten ihr Konto und ihre Chats.',
    en: 'Delete the team “{name}” with all memberships and invitations? Everyone keeps their account and chats.',
  },
  'team.delete.confirmSeats': {
    de: {
      one: 'Das Team „{name}“ mit allen Mitgliedschaften und Einladungen löschen? Das Team-Abo mit {count} Platz wird dabei sofort bei PayPal gekündigt, der Platz endet. Alle behalten ihr Konto und ihre Chats.',
      other:
        'Das Team „{name}“ mit allen Mitgliedschaften und Einladungen löschen? Das Team-Abo mit {count} Plätzen wird dabei sofort bei PayPal gekündigt, alle Plätze enden. Alle behalten ihr Konto und ihre Chats.',
    },
    en: {
      one: 'Delete the team “{name}” with all memberships and invitations? Its team subscription with {count} seat is cancelled at PayPal at once, and the seat ends. Everyone keeps their account and chats.',
      other:
        'Delete the team “{name}” with all memberships and invitations? Its team subscription with {count} seats is cancelled at PayPal at once, and all seats end. Everyone keeps their account and chats.',
    },
  },
  'team.delete.done': { de: 'Das Team wurde gelöscht.', en: 'The team was deleted.' },
  'team.leave': { de: 'Team verlassen', en: 'Leave team' },
  'team.leave.confirm': {
    de: 'Das Team „{name}“ verlassen? Dein Konto und deine Chats bleiben, geteilte Chats sind nicht mehr geteilt.',
    en: 'Leave the team “{name}”? Your account and chats stay; shared chats are no longer shared.',
  },
  'team.leave.done': { de: 'Du hast das Team verlassen.', en: 'You left the team.' },
  'team.member.view': {
    de: 'Als Mitglied siehst du die Bestenliste. Was Inhaber und Manager von dir sehen, steht unter „Mein Fortschritt“.',
    en: 'As a member you see the leaderboard. What owners and managers see of you is on “My progress”.',
  },

  // 'Bestenliste'
  'team.leaderboard.title': { de: 'Bestenliste', en: 'Leaderboard' },
  'team.leaderboard.period': { de: 'Zeitraum der Bestenliste', en: 'Leaderboard period' },
  'team.leaderboard.week': { de: 'Diese Woche', en: 'This week' },
  'team.leaderboard.month': { de: 'Dieser Monat', en: 'This month' },
  'team.leaderboard.place': { de: 'Platz', en: 'Place' },
  'team.leaderboard.name': { de: 'Name', en: 'Name' },
  'team.leaderboard.xp': { de: 'XP', en: 'XP' },
  'team.leaderboard.noName': { de: 'Teammitglied ohne Namen', en: 'Team member without a name' },
  'team.leaderboard.you': { de: '(du)', en: '(you)' },
  'team.leaderboard.empty': { de: 'Noch keine XP in diesem Zeitraum.', en: 'No XP in this period yet.' },
  'team.leaderboard.own': { de: 'Dein Platz: {place} · {xp} XP', en: 'Your place: {place} · {xp} XP' },
  'team.leaderboard.ownNone': { de: 'Noch kein Platz · {xp} XP', en: 'No place yet · {xp} XP' },
  'team.leaderboard.hidden': {
    de: 'Du bist in der Bestenliste ausgeblendet · {xp} XP',
    en: 'You are hidden from the leaderboard · {xp} XP',
  },
  'team.leaderboard.visible': { de: 'In der Bestenliste anzeigen', en: 'Show me on the leaderboard' },
  'team.leaderboard.loadFailed': { de: 'Die Bestenliste konnte nicht geladen werden.', en: 'The leaderboard could not be loaded.' },

  // 'Mit meinem Team teilen'
  'team.share': { de: 'Mit meinem Team teilen', en: 'Share with my team' },
  'team.share.revoke': { de: 'Teilen beenden', en: 'Stop sharing' },
  'team.share.shared': { de: 'Mit deinem Team geteilt', en: 'Shared with your team' },
  'team.share.hint': {
    de: 'Inhaber und Manager deines Teams können diesen Chat lesen, bis du das Teilen beendest.',
    en: 'Your team’s owner and managers can read this chat until you stop sharing it.',
  },
  'team.share.done': { de: 'Der Chat ist mit deinem Team geteilt.', en: 'The chat is shared with your team.' },
  'team.share.revoked': { de: 'Der Chat ist nicht mehr geteilt.', en: 'The chat is no longer shared.' },
  'team.shared.title': { de: 'Geteilter Chat von {name}', en: 'Chat shared by {name}' },
  'team.shared.notFound': {
    de: 'Dieser Chat ist nicht (mehr) mit dem Team geteilt.',
    en: 'This chat is not (or no longer) shared with the team.',
  },
  'team.shared.transcript': { de: 'Gesprächsverlauf', en: 'Conversation' },
  'team.shared.you': { de: 'Verkäufer', en: 'Seller' },
  'team.shared.customer': { de: 'Kunde', en: 'Customer' },
  // What the author saw: each answer's score and the evaluation (issue 40).
  'team.shared.answerScore': { de: 'Bewertung dieser Antwort: {score} %', en: 'Score of this answer: {score} %' },
  'team.shared.evaluation': { de: 'Auswertung', en: 'Evaluation' },
  'team.shared.noEvaluation': {
    de: 'Zu diesem Chat gibt es noch keine Auswertung.',
    en: 'This chat has no evaluation yet.',
  },
  'team.shared.total': { de: 'Gesamt: {percent} %', en: 'Overall: {percent} %' },
  'team.shared.passed': { de: 'Prüfung bestanden', en: 'Exam passed' },
  'team.shared.notPassed': { de: 'Prüfung nicht bestanden', en: 'Exam not passed' },
  'team.shared.categories': { de: 'Bewertung nach Kategorien', en: 'Scores by category' },
  'team.shared.category': { de: '{category}: {score} %', en: '{category}: {score} %' },
  'team.shared.improvements': { de: 'Verbesserungsvorschläge', en: 'Suggestions for improvement' },
  'team.shared.top': { de: 'Top-3 positive Punkte', en: 'Top 3 positive points' },
  'team.shared.link': { de: 'Geteilten Chat öffnen', en: 'Open shared chat' },

  // 'Mein Fortschritt': what the team sees
  'team.privacy.title': { de: 'Was dein Team sieht', en: 'What your team sees' },
  'team.privacy.text': {
    de: 'Inhaber und Manager deines Teams „{name}“ sehen deine letzte Aktivität, wie viele Chats und Antworten du im Zeitraum hattest, deine Technik-Quoten, deine schwächsten Einwände und die Ergebnisse deiner Prüfungen – also die Zahlen dieser Seite. Was du geschrieben hast, bleibt privat, außer du teilst einen Chat mit „Mit meinem Team teilen“ (jederzeit widerrufbar); Prüfungen, die du für eine Aufgabe des Teams machst, können sie nachlesen. In der Bestenliste sehen alle im Team deinen Namen und deine XP, solange „In der Bestenliste anzeigen“ im Profil eingeschaltet ist.',
    en: 'The owner and managers of your team “{name}” see your last activity, how many chats and answers you had in the period, your technique rates, your weakest objections and your exam results – the figures of this page. What you wrote stays private unless you share a chat with “Share with my team” (revocable at any time); they can read the exams you take for a team assignment. Everyone in the team sees your name and XP on the leaderboard while “Show me on the leaderboard” is on in your profile.',
  },
  'team.privacy.manager': {
    de: 'Du bist {role} im Team „{name}“: Du siehst die Zahlen der Mitglieder, nicht ihre Chats, außer sie teilen einen.',
    en: 'You are {role} of the team “{name}”: you see the members’ figures, not their chats unless they share one.',
  },

  // The profile
  'team.profile.section': { de: 'Team', en: 'Team' },
  'team.profile.in': { de: '{name} · deine Rolle: {role}', en: '{name} · your role: {role}' },
  'team.profile.saved': { de: 'Gespeichert', en: 'Saved' },
  'team.profile.none': { de: 'Du bist in keinem Team.', en: 'You are not in a team.' },

  // Company sign-in (issue 29): /team/sso, owner only.
  'team.sso.title': { de: 'Firmen-Anmeldung', en: 'Company sign-in' },
  'team.sso.lead': {
    de: 'Dein Team meldet sich über den Identitätsanbieter deiner Firma an (OpenID Connect); neue Kolleginnen und Kollegen kommen ohne Einladung ins Team.',
    en: "Your team signs in through your company's identity provider (OpenID Connect); new colleagues join the team without an invitation.",
  },
  'team.sso.rule': {
    de: 'Jede Domain bestätigst du mit einem TXT-Eintrag im DNS deiner Firma: Nach dem Speichern stehen unten Name und Wert. Gib beides an deine IT weiter und drücke danach „Prüfen“. Erst dann können sich Adressen dieser Domain über die Firma anmelden. Jede Domain kann nur zu einem Team gehören.',
    en: "You confirm each domain with a TXT record in your company's DNS: once saved, its name and value show below. Pass both on to your IT, then press “Check”. Only then can addresses of that domain sign in through the company. Each domain can belong to only one team.",
  },
  // The providers' guide on /team/sso (issue 40): where each provider shows what the form asks for.
  'team.sso.guide.title': { de: 'Welche Anbieter funktionieren?', en: 'Which providers work?' },
  'team.sso.guide.lead': {
    de: 'Jeder Anbieter, der OpenID Connect spricht, zum Beispiel Microsoft Entra ID, Google Workspace, Okta und Keycloak. Du brauchst aus seiner Verwaltung drei Angaben: die Aussteller-URL, die Client-ID und das Client-Secret; dort trägst du die Redirect-URI von unten ein. Macht das eure IT, gib ihr diese Seite weiter.',
    en: 'Any provider that speaks OpenID Connect, for example Microsoft Entra ID, Google Workspace, Okta and Keycloak. You need three details from its administration: the issuer URL, the client ID and the client secret; there you enter the redirect URI from below. If your IT does this, pass this page on to them.',
  },
  'team.sso.guide.setup': { de: 'Anlegen', en: 'Set up' },
  'team.sso.guide.note': { de: 'Wichtig', en: 'Important' },
  'team.sso.guide.entra.name': { de: 'Microsoft Entra ID', en: 'Microsoft Entra ID' },
  'team.sso.guide.entra.setup': {
    de: 'Im Microsoft Entra Admin Center unter Entra ID → App-Registrierungen → Neue Registrierung: „Nur Konten in diesem Organisationsverzeichnis“; als Umleitungs-URI (Plattform „Web“) die Redirect-URI von unten.',
    en: 'In the Microsoft Entra admin center under Entra ID → App registrations → New registration: “Accounts in this organizational directory only”; as redirect URI (platform “Web”) the redirect URI from below.',
  },
  'team.sso.guide.entra.issuer': {
    de: 'https://login.microsoftonline.com/<tenant-id>/v2.0 – statt <tenant-id> die Verzeichnis-ID („Directory (tenant) ID“) aus der Übersicht der App.',
    en: 'https://login.microsoftonline.com/<tenant-id>/v2.0 – for <tenant-id> the “Directory (tenant) ID” from the app’s overview.',
  },
  'team.sso.guide.entra.clientId': {
    de: 'Die „Anwendungs-ID (Client)“ („Application (client) ID“) in der Übersicht der App.',
    en: 'The “Application (client) ID” on the app’s overview.',
  },
  'team.sso.guide.entra.secret': {
    de: 'Unter Zertifikate & Geheimnisse → Neuer geheimer Clientschlüssel: den „Wert“ kopieren (er wird nur einmal gezeigt). Er läuft ab: trag sein Ablaufdatum unten ein, dann erinnern wir dich rechtzeitig.',
    en: 'Under Certificates & secrets → New client secret: copy its “Value” (shown only once). It expires: enter its expiry date below, and you are reminded in time.',
  },
  'team.sso.guide.entra.note': {
    de: 'Unter Tokenkonfiguration die optionalen Ansprüche „email“ und „xms_edov“ zum ID-Token hinzufügen, sonst werden Anmeldungen abgelehnt.',
    en: 'Under Token configuration add the optional claims “email” and “xms_edov” to the ID token, or sign-ins are refused.',
  },
  'team.sso.guide.google.name': { de: 'Google Workspace', en: 'Google Workspace' },
  'team.sso.guide.google.setup': {
    de: 'In der Google Cloud Console, in einem Projekt eurer Workspace-Organisation: APIs & Dienste → OAuth-Zustimmungsbildschirm mit Nutzertyp „Intern“; dann Anmeldedaten → Anmeldedaten erstellen → OAuth-Client-ID, Typ „Webanwendung“, als autorisierte Weiterleitungs-URI die Redirect-URI von unten.',
    en: 'In the Google Cloud console, in a project of your Workspace organization: APIs & Services → OAuth consent screen with user type “Internal”; then Credentials → Create credentials → OAuth client ID, type “Web application”, with the redirect URI from below as authorized redirect URI.',
  },
  'team.sso.guide.google.issuer': {
    de: 'https://accounts.google.com – für jede Firma dieselbe.',
    en: 'https://accounts.google.com – the same for every company.',
  },
  'team.sso.guide.google.clientId': {
    de: 'Wird nach dem Erstellen des OAuth-Clients angezeigt und endet auf „.apps.googleusercontent.com“; später unter Anmeldedaten beim Client.',
    en: 'Shown once the OAuth client is created; it ends in “.apps.googleusercontent.com”. Later under Credentials at the client.',
  },
  'team.sso.guide.google.secret': {
    de: 'Der „Clientschlüssel“ im selben Fenster und später unter Anmeldedaten beim Client.',
    en: 'The “Client secret” in the same window, and later under Credentials at the client.',
  },
  'team.sso.guide.google.note': {
    de: 'Angenommen werden nur Workspace-Konten eurer Domains, keine privaten Google-Konten.',
    en: 'Only Workspace accounts of your domains are accepted, no private Google accounts.',
  },
  'team.sso.guide.okta.name': { de: 'Okta', en: 'Okta' },
  'team.sso.guide.okta.setup': {
    de: 'In der Okta Admin Console unter Applications → Applications → Create App Integration: „OIDC – OpenID Connect“, Typ „Web Application“, Grant Type „Authorization Code“; als Sign-in redirect URI die Redirect-URI von unten; unter Assignments die Personen oder Gruppen, die Sales Coach nutzen.',
    en: 'In the Okta Admin Console under Applications → Applications → Create App Integration: “OIDC – OpenID Connect”, type “Web Application”, grant type “Authorization Code”; the redirect URI from below as sign-in redirect URI; under Assignments the people or groups who use Sales Coach.',
  },
  'team.sso.guide.okta.issuer': {
    de: 'Eure Okta-Adresse, z. B. https://firma.okta.com, oder der „Issuer“ eines Authorization Servers unter Security → API → Authorization Servers (z. B. https://firma.okta.com/oauth2/default).',
    en: 'Your Okta address, e.g. https://company.okta.com, or the “Issuer” of an authorization server under Security → API → Authorization Servers (e.g. https://company.okta.com/oauth2/default).',
  },
  'team.sso.guide.okta.clientId': {
    de: 'Die „Client ID“ auf der Seite der App unter General → Client Credentials.',
    en: 'The “Client ID” on the app’s page under General → Client Credentials.',
  },
  'team.sso.guide.okta.secret': {
    de: 'Das „Client secret“ im selben Abschnitt (Client authentication: „Client secret“).',
    en: 'The “Client secret” in the same section (client authentication: “Client secret”).',
  },
  'team.sso.guide.okta.note': {
    de: 'Ob eine bestätigte E-Mail-Adresse ankommt, zeigt „Testen“; einzurichten ist dafür nichts.',
    en: '“Test” shows whether a verified e-mail address arrives; nothing needs setting up for it.',
  },
  'team.sso.guide.keycloak.name': { de: 'Keycloak', en: 'Keycloak' },
  'team.sso.guide.keycloak.setup': {
    de: 'In der Keycloak-Administrationskonsole, im Realm eurer Firma: Clients → Create client, Typ „OpenID Connect“, „Client authentication“ an, nur „Standard flow“; unter „Valid redirect URIs“ die Redirect-URI von unten.',
    en: 'In the Keycloak admin console, in your company’s realm: Clients → Create client, type “OpenID Connect”, “Client authentication” on, “Standard flow” only; the redirect URI from below under “Valid redirect URIs”.',
  },
  'team.sso.guide.keycloak.issuer': {
    de: 'https://<server>/realms/<realm> mit eurem Server und Realm (Keycloak vor Version 17: https://<server>/auth/realms/<realm>).',
    en: 'https://<server>/realms/<realm> with your server and realm (Keycloak before version 17: https://<server>/auth/realms/<realm>).',
  },
  'team.sso.guide.keycloak.clientId': {
    de: 'Die „Client ID“, die du beim Anlegen vergeben hast (Clients → Client ID).',
    en: 'The “Client ID” you gave when creating the client (Clients → Client ID).',
  },
  'team.sso.guide.keycloak.secret': {
    de: 'Das „Client secret“ im Reiter „Credentials“ des Clients.',
    en: 'The “Client secret” on the client’s “Credentials” tab.',
  },
  'team.sso.guide.keycloak.note': {
    de: 'Bei allen Benutzern muss „Email verified“ an sein, sonst wird ihre Anmeldung abgelehnt.',
    en: '“Email verified” must be on for every user, or their sign-in is refused.',
  },
  'team.sso.settings': { de: 'Einstellungen', en: 'Settings' },
  'team.sso.issuer': { de: 'Aussteller-URL (Issuer)', en: 'Issuer URL' },
  'team.sso.clientId': { de: 'Client-ID', en: 'Client ID' },
  'team.sso.clientSecret': { de: 'Client-Secret', en: 'Client secret' },
  'team.sso.secretSaved': {
    de: 'gespeichert – leer lassen, um es zu behalten',
    en: 'saved – leave empty to keep it',
  },
  'team.sso.secretExpiry': { de: 'Ablaufdatum des Secrets (optional)', en: 'Expiry date of the secret (optional)' },
  'team.sso.secretExpiryHint': {
    de: 'Steht beim Anbieter neben dem Secret (bei Microsoft Entra ID unter Zertifikate & Geheimnisse). 14 Tage vorher erinnern wir dich per E-Mail, ein neues einzutragen.',
    en: 'Your provider shows it next to the secret (in Microsoft Entra ID under Certificates & secrets). 14 days before, we remind you by e-mail to enter a new one.',
  },
  'team.sso.secretExpiryInvalid': { de: 'Bitte gib ein gültiges Datum ein.', en: 'Please enter a valid date.' },
  'team.sso.domains': { de: 'E-Mail-Domains', en: 'E-mail domains' },
  'team.sso.domainsHint': {
    de: 'Eine pro Zeile oder durch Kommas getrennt, z. B. firma.de',
    en: 'One per line or comma-separated, e.g. company.com',
  },
  'team.sso.domainStates': { de: 'Stand der Domains', en: 'State of the domains' },
  'team.sso.domain.claimed': { de: 'bestätigt', en: 'confirmed' },
  'team.sso.domain.unclaimed': { de: 'noch nicht bestätigt', en: 'not confirmed yet' },
  // The DNS proof of a domain (issue 38)
  'team.sso.record.title': {
    de: 'Trage diesen TXT-Eintrag im DNS von {domain} ein (oder lass ihn von deiner IT eintragen):',
    en: 'Add this TXT record to the DNS of {domain} (or have your IT add it):',
  },
  'team.sso.record.type': { de: 'Typ: TXT', en: 'Type: TXT' },
  'team.sso.record.name': { de: 'Name', en: 'Name' },
  'team.sso.record.value': { de: 'Wert', en: 'Value' },
  'team.sso.record.copyName': { de: 'Name kopieren', en: 'Copy name' },
  'team.sso.record.copyValue': { de: 'Wert kopieren', en: 'Copy value' },
  'team.sso.record.nameCopied': { de: 'Name kopiert', en: 'Name copied' },
  'team.sso.record.valueCopied': { de: 'Wert kopiert', en: 'Value copied' },
  'team.sso.verify': { de: 'Prüfen', en: 'Check' },
  'team.sso.verify.checking': { de: 'Suche den TXT-Eintrag von {domain} …', en: 'Looking up the TXT record of {domain} …' },
  'team.sso.verify.done': {
    de: '{domain} ist bestätigt und gehört jetzt zu deinem Team.',
    en: '{domain} is confirmed and now belongs to your team.',
  },
  'team.sso.enforced': { de: 'Anmeldung nur über die Firma', en: 'Company sign-in only' },
  'team.sso.enforcedHint': {
    de: 'Mitglieder und Manager können sich dann nicht mehr mit Passwort anmelden. Du als Inhaber behältst dein Passwort als Notzugang.',
    en: 'Members and managers can then no longer sign in with a password. As the owner you keep your password as emergency access.',
  },
  'team.sso.role': { de: 'Rolle neuer Mitglieder', en: 'Role of new members' },
  'team.sso.redirect': { de: 'Redirect-URI', en: 'Redirect URI' },
  'team.sso.redirectHint': {
    de: 'Trage sie beim Identitätsanbieter als erlaubte Redirect-URI ein.',
    en: 'Register it at the identity provider as an allowed redirect URI.',
  },
  'team.sso.copy': { de: 'Kopieren', en: 'Copy' },
  'team.sso.copied': { de: 'Redirect-URI kopiert', en: 'Redirect URI copied' },
  'team.sso.save': { de: 'Speichern', en: 'Save' },
  'team.sso.saved': { de: 'Die Firmen-Anmeldung ist gespeichert.', en: 'Company sign-in has been saved.' },
  'team.sso.issuerRequired': { de: 'Bitte gib die Aussteller-URL ein.', en: 'Please enter the issuer URL.' },
  'team.sso.clientIdRequired': { de: 'Bitte gib die Client-ID ein.', en: 'Please enter the client ID.' },
  'team.sso.secretRequired': { de: 'Bitte gib das Client-Secret ein.', en: 'Please enter the client secret.' },
  'team.sso.tooLong': { de: 'Dieser Eintrag ist zu lang.', en: 'This entry is too long.' },
  'team.sso.domainsRequired': { de: 'Bitte gib mindestens eine Domain ein.', en: 'Please enter at least one domain.' },
  'team.sso.domainsTooMany': { de: 'Höchstens 10 Domains.', en: 'At most 10 domains.' },
  'team.sso.state': { de: 'Status', en: 'Status' },
  'team.sso.state.on': { de: 'Die Firmen-Anmeldung ist eingeschaltet.', en: 'Company sign-in is on.' },
  'team.sso.state.off': { de: 'Die Firmen-Anmeldung ist ausgeschaltet.', en: 'Company sign-in is off.' },
  'team.sso.state.none': {
    de: 'Noch nicht eingerichtet: Trage die Daten deines Identitätsanbieters ein und speichere sie.',
    en: "Not set up yet: enter your identity provider's details and save them.",
  },
  'team.sso.adminDisabled': {
    de: 'Ein Admin hat die Firmen-Anmeldung ausgeschaltet. Teste sie erneut, um sie wieder einzuschalten.',
    en: 'An admin has turned off company sign-in. Test it again to turn it back on.',
  },
  'team.sso.test': { de: 'Testen', en: 'Test' },
  'team.sso.testHint': {
    de: 'Testen meldet dich einmal beim Anbieter an und zeigt, was zurückkam. Dabei wird niemand angemeldet und keine Domain bestätigt.',
    en: 'Testing signs you in at the provider once and shows what came back. Nobody is signed in by it, and no domain is confirmed.',
  },
  'team.sso.activateHint': {
    de: 'Einschalten kannst du, sobald ein Test erfolgreich war und mindestens eine Domain bestätigt ist.',
    en: 'You can turn it on once a test has succeeded and at least one domain is confirmed.',
  },
  'team.sso.activate': { de: 'Firmen-Anmeldung einschalten', en: 'Turn on company sign-in' },
  'team.sso.deactivate': { de: 'Ausschalten', en: 'Turn off' },
  'team.sso.remove': { de: 'Entfernen', en: 'Remove' },
  'team.sso.removeTitle': { de: 'Firmen-Anmeldung entfernen?', en: 'Remove company sign-in?' },
  'team.sso.removeConfirm': {
    de: 'Die Einstellungen, die bestätigten Domains und die verbundenen Firmenkonten werden gelöscht. Dein Team meldet sich danach wieder mit Passwort, Google oder Apple an.',
    en: 'The settings, the confirmed domains and the linked company accounts are deleted. Your team then signs in with a password, Google or Apple again.',
  },
  'team.sso.removed': { de: 'Die Firmen-Anmeldung ist entfernt.', en: 'Company sign-in has been removed.' },
  'team.sso.lastTest': { de: 'Letzter Test', en: 'Last test' },
  'team.sso.lastTest.none': { de: 'Noch nicht getestet.', en: 'Not tested yet.' },
  'team.sso.lastTest.ok': { de: 'Test erfolgreich', en: 'Test successful' },
  'team.sso.lastTest.failed': { de: 'Test fehlgeschlagen', en: 'Test failed' },
  'team.sso.lastTest.stale': {
    de: 'Die Einstellungen wurden seit diesem Test geändert. Bitte teste erneut.',
    en: 'The settings have changed since this test. Please test again.',
  },
  'team.sso.lastTest.at': { de: 'Zeitpunkt', en: 'Time' },
  'team.sso.lastTest.subject': { de: 'Subject', en: 'Subject' },
  'team.sso.lastTest.email': { de: 'E-Mail', en: 'E-mail' },
  'team.sso.lastTest.verified': { de: 'E-Mail bestätigt', en: 'E-mail verified' },
  'team.sso.lastTest.error': { de: 'Fehler', en: 'Error' },
  'team.sso.yes': { de: 'ja', en: 'yes' },
  'team.sso.no': { de: 'nein', en: 'no' },
  'team.sso.error.unverified': {
    de: 'Deine Firma hat diese E-Mail-Adresse nicht als bestätigt gemeldet. Bitte wende dich an die IT deiner Firma.',
    en: "Your company has not reported this e-mail address as verified. Please contact your company's IT.",
  },
  'team.sso.error.domainTaken': {
    de: 'Die Domain {domain} gehört bereits zu einem anderen Team.',
    en: 'The domain {domain} already belongs to another team.',
  },
  'team.sso.error.foreignDomain': {
    de: 'Diese E-Mail-Adresse gehört nicht zu einer Domain deiner Firma.',
    en: "This e-mail address does not belong to one of your company's domains.",
  },
  'team.sso.error.failed': {
    de: 'Die Anmeldung über deine Firma ist fehlgeschlagen.',
    en: 'Signing in through your company failed.',
  },
} satisfies Catalogue;
