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
// domains; a domain counts (is claimed) only after the owner's test signed in
// at the provider with a verified address of it, and a claimed domain
// belongs to one team only. While the team's company sign-in is active and
// enforced, its members and managers cannot sign in with a password; the
// owner can (the break-glass access, docs/decisions.md).

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
// records what the provider answered and claims the domain; it signs no
// one in.
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
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// SSODomain is one listed e-mail domain.
type SSODomain struct {
	Domain  string
	Claimed bool
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
	// sso_domain_taken, sso_failed), "" when OK.
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

// TeamSSOService stores the teams' company sign-in. The owner's methods take
// the caller's user id and check that the caller owns a team: ENOTFOUND
// (MsgNoTeam) without a team, EFORBIDDEN (MsgTeamOwnerOnly) for a manager or
// member; their queries name the caller's team id only. The sign-in's
// methods are called by the server for the team a verified provider answer
// belongs to.
type TeamSSOService interface {
	// TeamSSO returns the caller's team's settings, nil (and no error) when
	// the team has none. The owner only.
	TeamSSO(ctx context.Context, callerID string) (*TeamSSO, error)
	// SaveTeamSSO stores the caller's team's settings (the owner only) and
	// returns them. A changed issuer, client id or a new secret counts up
	// ConfigVersion and switches the sign-in off. Domains replace the list
	// (a domain no longer listed loses its claim). It returns EINVALID
	// (field clientSecret, MsgSSOSecretRequired) for a first save without a
	// secret, ECONFLICT (MsgSSODomainTaken) for a domain another team
	// claimed, ECONFLICT (MsgSSOTestRequired) for Active without a current
	// successful test and a claimed domain. Switching on clears an admin's
	// switch-off.
	SaveTeamSSO(ctx context.Context, callerID, teamID string, u SSOUpdate, now time.Time) (*TeamSSO, error)
	// DeleteTeamSSO removes the caller's team's settings with their claims,
	// its sso_identities and pending links (the owner only); done when
	// there are none.
	DeleteTeamSSO(ctx context.Context, callerID string) error
	// RecordSSOTest stores the owner's test of the team's configuration
	// version t.ConfigVersion. When t is OK it claims the domain of
	// t.Email for the team first; when another team has claimed it, the
	// test is stored as failed with MsgSSODomainTaken (of two teams
	// claiming one domain at once, one succeeds). It returns the stored
	// test. ENOTFOUND (MsgSSONotConfigured) when callerID no longer owns
	// the team or the team has no settings.
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
	// LinkSSOIdentity links (teamID, subject) to userID and, when the user
	// is in no team, makes them a member of teamID in role, in one
	// transaction. ECONFLICT (MsgIdentityTaken) when the subject is linked
	// to another user already.
	LinkSSOIdentity(ctx context.Context, teamID, subject, userID, email, role string, now time.Time) error
	// JoinSSOTeam makes userID a member of teamID in role when they are in
	// no team; it reports whether they joined.
	JoinSSOTeam(ctx context.Context, teamID, userID, role string, now time.Time) (bool, error)
	// CreateSSOLink stores a pending link.
	CreateSSOLink(ctx context.Context, l *SSOPendingLink) error
	// SSOLink returns the unused, unexpired pending link of tokenHash with
	// its team's name; ENOTFOUND (MsgSSOLinkInvalid) else.
	SSOLink(ctx context.Context, tokenHash string, now time.Time) (*SSOPendingLink, error)
	// CompleteSSOLink uses the pending link up (of concurrent uses one
	// succeeds), links its identity and makes its user a member of its team
	// in the team's default role when they are in no team, in one
	// transaction. ENOTFOUND (MsgSSOLinkInvalid) for a link unknown, used,
	// expired, or whose team's company sign-in is no longer active.
	CompleteSSOLink(ctx context.Context, tokenHash string, now time.Time) (*SSOPendingLink, error)
	// SSORequired reports whether userID must sign in through their team's
	// company sign-in: a member or manager of a team whose company sign-in
	// is active and enforced.
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
	MsgSSOEmailInvalid    = newMsg("sso_email_invalid", "Bitte gib deine geschäftliche E-Mail-Adresse ein.")
	MsgSSONotConfigured   = newMsg("sso_not_configured", "Für diese E-Mail-Domain ist keine Firmen-Anmeldung eingerichtet.")
	MsgSSOUnavailable     = newMsg("sso_unavailable", "Der Anmeldedienst deiner Firma ist gerade nicht erreichbar. Bitte versuche es später erneut.")
	MsgSSORequired        = newMsg("sso_required", "Dein Team meldet sich über die Firma an. Bitte nutze „Mit Firmenkonto anmelden“.")
	MsgSSOLinkInvalid     = newMsg("sso_link_invalid", "Dieser Link ist abgelaufen. Bitte melde dich erneut mit deinem Firmenkonto an.")
	MsgSSODomainTaken     = newMsg("sso_domain_taken", "Die Domain {domain} gehört bereits zu einem anderen Team.")
	MsgSSOTestRequired    = newMsg("sso_test_required", "Teste die Firmen-Anmeldung zuerst erfolgreich mit einer Adresse einer deiner Domains.")
	MsgSSODiscoveryFailed = newMsg("sso_discovery_failed", "Unter dieser Aussteller-URL wurde keine OpenID-Connect-Konfiguration gefunden.")
	MsgSSOSecretRequired  = newMsg("sso_secret_required", "Bitte gib das Client-Secret ein.")
	MsgSSOBadIssuer       = newMsg("sso_bad_issuer", "Die Aussteller-URL muss mit https:// beginnen.")
	MsgSSOBadDomain       = newMsg("sso_bad_domain", "„{domain}“ ist keine gültige Domain.")
	MsgSSOUnverifiedEmail = newMsg("sso_unverified_email", "Deine Firma hat diese E-Mail-Adresse nicht als bestätigt gemeldet. Bitte wende dich an die IT deiner Firma.")
	MsgSSOForeignDomain   = newMsg("sso_foreign_domain", "Diese E-Mail-Adresse gehört nicht zu einer Domain deiner Firma.")
	MsgSSOFailed          = newMsg("sso_failed", "Die Anmeldung über deine Firma ist fehlgeschlagen.")
	MsgSSOOff             = newMsg("sso_off", "Die Firmen-Anmeldung deines Teams ist ausgeschaltet. Melde dich bitte anders an.")
	MsgSSOIssuerInvalid   = newMsg("sso_issuer_invalid", "Bitte gib eine gültige Aussteller-URL ohne ? und # mit höchstens {max} Zeichen ein.")
	MsgSSOClientIDInvalid = newMsg("sso_client_id_invalid", "Bitte gib eine Client-ID mit höchstens {max} Zeichen ein.")
	MsgSSOSecretTooLong   = newMsg("sso_secret_too_long", "Das Client-Secret darf höchstens {max} Zeichen lang sein.")
	MsgSSODomainsCount    = newMsg("sso_domains_count", "Bitte gib 1 bis {max} Domains an.")
	MsgSSODomainDuplicate = newMsg("sso_domain_duplicate", "Die Domain {domain} steht doppelt in der Liste.")
)
