package salescoach

import (
	"context"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"
)

// Company sign-in (issue 29): a team signs in through its own OpenID Connect
// provider. The owner configures one provider and the company's e-mail
// domains; a domain counts (is claimed) only after the team published a DNS
// TXT record for it (issue 38: a test sign-in at a provider the owner
// controls proves nothing about a domain), and a claimed domain belongs to
// one team only. While the team's company sign-in is active and enforced,
// its members and managers cannot sign in with a password, Google or Apple;
// the owner can (the break-glass access, docs/decisions.md).

// Limits of the company sign-in settings.
const (
	MaxSSOIssuer       = 300
	MaxSSOClientID     = 300
	MaxSSOClientSecret = 2000
	MaxSSODomains      = 10
	// SSOLinkTTL is how long a pending link (an existing account waiting
	// for its password) stays valid.
	SSOLinkTTL = 15 * time.Minute
)

// OAuthIntentSSOTest is the owner's test of the team's company sign-in: it
// records what the provider answered; it signs no one in and claims no
// domain.
const OAuthIntentSSOTest = "sso_test"

// SSOProviderPrefix starts OAuthState.Provider of a company sign-in, which
// continues with the team's id.
const SSOProviderPrefix = "sso:"

// TeamSSO is a team's company sign-in.
type TeamSSO struct {
	TeamID   string
	TeamName string
	Issuer   string
	ClientID string
	// SealedSecret is the client secret sealed for the team (never the
	// plain secret, which no answer and no log line carries).
	SealedSecret string
	// ConfigVersion counts changes of issuer, client id and secret; a test
	// of an older version is stale, and providers are cached by it.
	ConfigVersion int
	Enforced      bool
	DefaultRole   string // RoleMember or RoleManager
	Active        bool
	// AdminDisabledAt is when an admin switched the company sign-in off
	// (nil when none did or the owner switched it on again since).
	AdminDisabledAt *time.Time
	AdminDisabledBy string
	Domains         []SSODomain
	LastTest        *SSOTest
	// SecretExpiresAt is the client secret's expiry date (midnight UTC) as
	// the owner entered it, nil when none was; its owner is reminded
	// SSOSecretReminderLead before.
	SecretExpiresAt *time.Time
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// SSODomain is one listed e-mail domain. Claimed is set once the team
// proved it by DNS (SSOChallengeName).
type SSODomain struct {
	Domain  string
	Claimed bool
}

// The DNS proof of a domain: the team publishes a TXT record named
// SSOChallengeName(domain) whose value is SSOChallengeValue(token), the
// token being the team's secret for that domain (auth.SSOSealer's
// DomainChallenge). Only whoever runs the domain's DNS can publish it.
const (
	SSOChallengeLabel       = "_salescoach-challenge"
	SSOChallengeValuePrefix = "salescoach-verification="
	// SSODNSTimeout bounds one DNS lookup of a domain proof.
	SSODNSTimeout = 5 * time.Second
)

// SSOChallengeName is the name of the TXT record that proves domain.
func SSOChallengeName(domain string) string { return SSOChallengeLabel + "." + domain }

// SSOChallengeValue is the TXT record's value for a challenge token.
func SSOChallengeValue(token string) string { return SSOChallengeValuePrefix + token }

// TXTLookup reads DNS TXT records: the domain proof of company sign-in.
type TXTLookup interface {
	// LookupTXT returns the values of name's TXT records (the strings of
	// one record joined). ENOTFOUND when the name does not exist or has no
	// TXT record; EUNAVAILABLE (MsgSSODNSUnavailable) when the DNS server
	// fails, cannot be reached or does not answer in time.
	LookupTXT(ctx context.Context, name string) ([]string, error)
}

// SSOTest is what the owner's last test at the provider showed.
type SSOTest struct {
	At            time.Time
	OK            bool
	ConfigVersion int // the configuration the test was made with
	Subject       string
	Email         string
	EmailVerified bool
	// Error is a message key (sso_unverified_email, sso_foreign_domain,
	// sso_domain_taken: the address's domain is another team's, sso_failed),
	// "" when OK.
	Error string
}

// TestCurrent reports whether the last test was made with the present
// configuration and after the last switch-off by an admin.
func (s *TeamSSO) TestCurrent() bool {
	if s.LastTest == nil || s.LastTest.ConfigVersion != s.ConfigVersion {
		return false
	}
	return s.AdminDisabledAt == nil || s.LastTest.At.After(*s.AdminDisabledAt)
}

// ClaimedDomains returns the domains the team has claimed.
func (s *TeamSSO) ClaimedDomains() []string {
	out := []string{}
	for _, d := range s.Domains {
		if d.Claimed {
			out = append(out, d.Domain)
		}
	}
	return out
}

// Lists reports whether domain is one of the team's listed domains.
func (s *TeamSSO) Lists(domain string) bool {
	for _, d := range s.Domains {
		if d.Domain == domain {
			return true
		}
	}
	return false
}

// Claims reports whether the team has claimed domain.
func (s *TeamSSO) Claims(domain string) bool {
	for _, d := range s.Domains {
		if d.Domain == domain && d.Claimed {
			return true
		}
	}
	return false
}

// SSOUpdate is the owner's save of the settings. SealedSecret "" keeps the
// stored secret.
type SSOUpdate struct {
	Issuer       string
	ClientID     string
	SealedSecret string
	Domains      []string
	Enforced     bool
	DefaultRole  string
	Active       bool
	// SecretExpiresAt is the client secret's expiry date, nil for none; a
	// date other than the stored one is reminded of anew.
	SecretExpiresAt *time.Time
}

// SSOSecretReminderLead is how long before a client secret's expiry date
// its team's owner is reminded by mail.
const SSOSecretReminderLead = 14 * 24 * time.Hour

// MaxSSOSecretExpiry bounds how far ahead an expiry date may lie (Entra ID
// allows two years; some providers set none, then none is entered).
const MaxSSOSecretExpiry = 10 * 366 * 24 * time.Hour

// SSOSecretReminder is one reminder mail of a client secret's expiry, for
// the team's owner.
type SSOSecretReminder struct {
	TeamID    string
	TeamName  string
	ExpiresAt time.Time
	UserID    string
	Email     string
	Language  string // the owner's language, "" for the default
}

// SSOPendingLink is a company sign-in waiting for the password of the
// existing account its e-mail names. Only the token's hash is stored.
type SSOPendingLink struct {
	TokenHash string
	TeamID    string
	TeamName  string
	UserID    string
	Subject   string
	Email     string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// AdminTeamSSO is a team's company sign-in as the admins' team list shows it.
type AdminTeamSSO struct {
	State    string   // SSOStateOff, SSOStateConfigured, SSOStateActive or SSOStateDisabled
	Domains  []string // the claimed ones
	Enforced bool
}

// States of a team's company sign-in in the admins' list.
const (
	SSOStateOff        = "off"
	SSOStateConfigured = "configured"
	SSOStateActive     = "active"
	SSOStateDisabled   = "disabled"
)

// EmailDomain returns the lower-cased domain of a valid e-mail address, ""
// for anything else.
func EmailDomain(addr string) string {
	addr = strings.TrimSpace(addr)
	if addr == "" || len(addr) > 254 {
		return ""
	}
	a, err := mail.ParseAddress(addr)
	if err != nil || a.Address != addr {
		return ""
	}
	at := strings.LastIndexByte(addr, '@')
	d := strings.ToLower(addr[at+1:])
	if !ValidSSODomain(d) {
		return ""
	}
	return d
}

// ValidSSODomain reports whether d is a lower-case DNS name with at least
// one dot: labels of 1 to 63 letters, digits and inner hyphens, at most 253
// characters.
func ValidSSODomain(d string) bool {
	if len(d) < 3 || len(d) > 253 || !strings.Contains(d, ".") || !utf8.ValidString(d) {
		return false
	}
	for _, label := range strings.Split(d, ".") {
		if len(label) == 0 || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, c := range label {
			if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '-' {
				return false
			}
		}
	}
	return true
}

// IsFreeMailDomain reports whether d (lower-case) is, or lies under, a
// domain of a free-mail or consumer ISP mailbox provider (freeMailDomains).
// Such a domain belongs to the provider's customers at large, not to one
// company: no team may list it, whatever DNS says.
func IsFreeMailDomain(d string) bool {
	for {
		if freeMailDomains[d] {
			return true
		}
		_, parent, ok := strings.Cut(d, ".")
		if !ok || !strings.Contains(parent, ".") {
			return false
		}
		d = parent
	}
}

// TeamSSOService stores the teams' company sign-in. The owner's methods take
// the caller's user id and check that the caller owns a team: ENOTFOUND
// (MsgNoTeam) without a team, EFORBIDDEN (MsgTeamOwnerOnly) for a manager or
// member; their queries name the caller's team id only. The sign-in's
// methods are called by the server for the team a verified provider answer
// belongs to.
type TeamSSOService interface {
	// RemindSecretExpiry queues one reminder mail, built by compose, to the
	// owner of each team whose client secret expires within
	// SSOSecretReminderLead and was not reminded of for that date; each is
	// marked in the mail's transaction, so concurrent runs queue it once.
	// It returns how many it queued.
	RemindSecretExpiry(ctx context.Context, now time.Time, compose func(SSOSecretReminder) MailMessage) (int, error)
	// TeamSSO returns the caller's team's settings, nil (and no error) when
	// the team has none. The owner only.
	TeamSSO(ctx context.Context, callerID string) (*TeamSSO, error)
	// SaveTeamSSO stores the caller's team's settings (the owner only) and
	// returns them. A changed issuer, client id or a new secret counts up
	// ConfigVersion and switches the sign-in off. Domains replace the list
	// (a domain no longer listed loses its claim; one listed anew starts
	// unclaimed). It returns EINVALID (field clientSecret,
	// MsgSSOSecretRequired) for a first save without a secret, ECONFLICT
	// (MsgSSODomainTaken) for a domain another team claimed, ECONFLICT
	// (MsgSSOTestRequired) for Active without a current successful test,
	// ECONFLICT (MsgSSODomainUnclaimed) for Active without a claimed domain.
	// Switching on clears an admin's switch-off. When the save makes the
	// sign-in enforced (switched on with Enforced, or Enforced while on),
	// the sessions of the team's members and managers end in the same
	// transaction; ended lists their user ids.
	SaveTeamSSO(ctx context.Context, callerID, teamID string, u SSOUpdate, now time.Time) (t *TeamSSO, ended []string, err error)
	// ClaimSSODomain claims a listed domain for the caller's team (the
	// owner only) once its DNS proof was found, and returns the settings;
	// done when the team has claimed it already. EINVALID (field domain,
	// MsgSSODomainNotListed or MsgSSODomainFreeMail) for a domain not in
	// the list or a free-mail one, ECONFLICT (MsgSSODomainTaken) when
	// another team claimed it (of teams claiming one domain at once,
	// exactly one succeeds), ENOTFOUND (MsgSSONotConfigured) when teamID
	// is not the caller's team or has no settings.
	ClaimSSODomain(ctx context.Context, callerID, teamID, domain string, now time.Time) (*TeamSSO, error)
	// DeleteTeamSSO removes the caller's team's settings with their claims,
	// its sso_identities and pending links (the owner only); done when
	// there are none.
	DeleteTeamSSO(ctx context.Context, callerID string) error
	// RecordSSOTest stores the owner's test of the team's configuration
	// version t.ConfigVersion; it claims nothing. When t is OK but another
	// team has claimed domain (the test address's), the test is stored as
	// failed with MsgSSODomainTaken; when domain is not listed, as failed
	// with MsgSSOForeignDomain. It returns the stored test. ENOTFOUND
	// (MsgSSONotConfigured) when callerID no longer owns the team or the
	// team has no settings.
	RecordSSOTest(ctx context.Context, callerID, teamID string, t SSOTest, domain string) (*SSOTest, error)
	// TeamSSOByID returns a team's settings; ENOTFOUND (MsgSSONotConfigured)
	// when it has none.
	TeamSSOByID(ctx context.Context, teamID string) (*TeamSSO, error)
	// ActiveTeamSSOForDomain returns the settings of the team whose active
	// company sign-in claims domain; ENOTFOUND (MsgSSONotConfigured) else.
	ActiveTeamSSOForDomain(ctx context.Context, domain string) (*TeamSSO, error)
	// SSOIdentityUser returns the user linked to (teamID, subject);
	// ENOTFOUND (MsgIdentityNotFound) when none is.
	SSOIdentityUser(ctx context.Context, teamID, subject string) (string, error)
	// LinkSSOIdentity links (teamID, subject) to userID and lets the user
	// into the team (EnterSSOTeam), in one transaction. ECONFLICT
	// (MsgIdentityTaken) when the subject is linked to another user
	// already; EnterSSOTeam's errors.
	LinkSSOIdentity(ctx context.Context, teamID, subject, userID, email, role string, now time.Time) error
	// EnterSSOTeam lets a user signing in through teamID's company sign-in
	// into the team. Their account's address must be of a domain the team
	// has claimed (EFORBIDDEN, MsgSSOForeignDomain, else: an identity
	// linked under a domain the team no longer holds opens nothing); then
	// it is done when they are in the team, and they join it in role when
	// they are in none. ECONFLICT (MsgTeamAlreadyMember) when they are in
	// another team.
	EnterSSOTeam(ctx context.Context, teamID, userID, role string, now time.Time) error
	// RemoveSSOIdentities removes every company sign-in identity and
	// pending link of userID (a password reset, an address confirmed:
	// whoever holds the mailbox decides anew who signs in). Only driver
	// errors.
	RemoveSSOIdentities(ctx context.Context, userID string) error
	// CreateSSOLink stores a pending link.
	CreateSSOLink(ctx context.Context, l *SSOPendingLink) error
	// SSOLink returns the unused, unexpired pending link of tokenHash with
	// its team's name; ENOTFOUND (MsgSSOLinkInvalid) else.
	SSOLink(ctx context.Context, tokenHash string, now time.Time) (*SSOPendingLink, error)
	// CompleteSSOLink uses the pending link up (of concurrent uses one
	// succeeds), links its identity and lets its user into its team in the
	// team's default role (EnterSSOTeam), in one transaction. ENOTFOUND
	// (MsgSSOLinkInvalid) for a link unknown, used, expired, or whose
	// team's company sign-in is no longer active; ECONFLICT
	// (MsgTeamAlreadyMember) when the user is in another team by now.
	CompleteSSOLink(ctx context.Context, tokenHash string, now time.Time) (*SSOPendingLink, error)
	// SSORequired reports whether userID must sign in through their team's
	// company sign-in: a member or manager of a team whose company sign-in
	// is active and enforced. Password, Google and Apple sign-ins refuse
	// them.
	SSORequired(ctx context.Context, userID string) (bool, error)
	// DisableTeamSSO switches a team's company sign-in off for an admin.
	// ENOTFOUND (MsgSSONotConfigured) for a team without settings.
	DisableTeamSSO(ctx context.Context, teamID, adminID string, now time.Time) error
	// AdminTeamSSO returns the company sign-in state of the teams by id; a
	// team without settings is absent.
	AdminTeamSSO(ctx context.Context, teamIDs []string) (map[string]AdminTeamSSO, error)
}

// Company sign-in messages.
var (
	MsgSSOEmailInvalid  = newMsg("sso_email_invalid", "Bitte gib deine geschäftliche E-Mail-Adresse ein.")
	MsgSSONotConfigured = newMsg("sso_not_configured", "Für diese E-Mail-Domain ist keine Firmen-Anmeldung eingerichtet.")
	// MsgSSOTestUnsaved answers the owner's test before any settings are
	// saved (MsgSSONotConfigured is the sign-in page's text).
	MsgSSOTestUnsaved         = newMsg("sso_test_unsaved", "Speichere zuerst die Einstellungen der Firmen-Anmeldung (Aussteller-URL, Client-ID und Client-Secret); dann kannst du sie testen.")
	MsgSSOUnavailable         = newMsg("sso_unavailable", "Der Anmeldedienst deiner Firma ist gerade nicht erreichbar. Bitte versuche es später erneut.")
	MsgSSORequired            = newMsg("sso_required", "Dein Team meldet sich über die Firma an. Bitte nutze „Mit Firmenkonto anmelden“.")
	MsgSSOLinkInvalid         = newMsg("sso_link_invalid", "Dieser Link ist abgelaufen. Bitte melde dich erneut mit deinem Firmenkonto an.")
	MsgSSODomainTaken         = newMsg("sso_domain_taken", "Die Domain {domain} gehört bereits zu einem anderen Team.")
	MsgSSOTestRequired        = newMsg("sso_test_required", "Teste die Firmen-Anmeldung zuerst erfolgreich mit einer Adresse einer deiner Domains.")
	MsgSSODomainUnclaimed     = newMsg("sso_domain_unclaimed", "Bestätige zuerst mindestens eine deiner Domains mit ihrem DNS-Eintrag („Prüfen“).")
	MsgSSODomainUnverified    = newMsg("sso_domain_unverified", "Für {domain} wurde kein passender DNS-Eintrag gefunden. Lege einen TXT-Eintrag mit dem Namen {dnsName} und dem Wert {dnsValue} an. Bis DNS-Änderungen sichtbar werden, kann es eine Weile dauern.")
	MsgSSODNSUnavailable      = newMsg("sso_dns_unavailable", "Der DNS-Eintrag kann gerade nicht geprüft werden. Bitte versuche es später erneut.")
	MsgSSODomainFreeMail      = newMsg("sso_domain_freemail", "{domain} ist eine Domain für private E-Mail-Adressen und kann nicht für die Firmen-Anmeldung eingetragen werden.")
	MsgSSODomainNotListed     = newMsg("sso_domain_not_listed", "Die Domain {domain} steht nicht in der Liste deiner Domains.")
	MsgSSODiscoveryFailed     = newMsg("sso_discovery_failed", "Unter dieser Aussteller-URL wurde keine OpenID-Connect-Konfiguration gefunden.")
	MsgSSOSecretRequired      = newMsg("sso_secret_required", "Bitte gib das Client-Secret ein.")
	MsgSSOBadIssuer           = newMsg("sso_bad_issuer", "Die Aussteller-URL muss mit https:// beginnen.")
	MsgSSOBadDomain           = newMsg("sso_bad_domain", "„{domain}“ ist keine gültige Domain.")
	MsgSSOUnverifiedEmail     = newMsg("sso_unverified_email", "Deine Firma hat diese E-Mail-Adresse nicht als bestätigt gemeldet. Bitte wende dich an die IT deiner Firma.")
	MsgSSOForeignDomain       = newMsg("sso_foreign_domain", "Diese E-Mail-Adresse gehört nicht zu einer Domain deiner Firma.")
	MsgSSOFailed              = newMsg("sso_failed", "Die Anmeldung über deine Firma ist fehlgeschlagen.")
	MsgSSOOff                 = newMsg("sso_off", "Die Firmen-Anmeldung deines Teams ist ausgeschaltet. Melde dich bitte anders an.")
	MsgSSOIssuerInvalid       = newMsg("sso_issuer_invalid", "Bitte gib eine gültige Aussteller-URL ohne ? und # mit höchstens {max} Zeichen ein.")
	MsgSSOClientIDInvalid     = newMsg("sso_client_id_invalid", "Bitte gib eine Client-ID mit höchstens {max} Zeichen ein.")
	MsgSSOSecretExpiryInvalid = newMsg("sso_secret_expiry_invalid", "Bitte gib das Ablaufdatum als Datum ab heute ein, höchstens zehn Jahre voraus.")
	MsgSSOSecretTooLong       = newMsg("sso_secret_too_long", "Das Client-Secret darf höchstens {max} Zeichen lang sein.")
	MsgSSODomainsCount        = newMsg("sso_domains_count", "Bitte gib 1 bis {max} Domains an.")
	MsgSSODomainDuplicate     = newMsg("sso_domain_duplicate", "Die Domain {domain} steht doppelt in der Liste.")
)
