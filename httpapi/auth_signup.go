package httpapi

// Sign-up: accounts with e-mail and password, the confirmation link, guest
// accounts and their upgrade to e-mail and password.

import (
	"context"
	"net/http"
	"strings"

	"salescoach"
	"salescoach/auth"
)

type signupRequest struct {
	Email         string `json:"email"`
	Password      string `json:"password"`
	Company       string `json:"company"`
	TermsAccepted bool   `json:"termsAccepted"`
	Ref           string `json:"ref"`
	// Language is the interface language the person signs up in (de or en),
	// which becomes the account's language; absent: Standard (de).
	Language string `json:"language"`
}

// credentialProblems validates (and normalises) an e-mail and a password.
func credentialProblems(email *string, password string) salescoach.Problems {
	p := salescoach.Problems{}
	if norm, err := auth.ValidateEmail(*email); err != nil {
		addFields(p, err)
	} else {
		*email = norm
	}
	if err := auth.ValidatePassword(password); err != nil {
		addFields(p, err)
	}
	return p
}

func addFields(p salescoach.Problems, err error) {
	if e, ok := err.(*salescoach.Error); ok {
		for k, v := range e.Fields {
			p[k] = v
		}
		if len(e.Fields) == 0 {
			p["_"] = e.Msg
		}
	}
}

func (s *Server) handleSignup(w http.ResponseWriter, r *http.Request) error {
	if err := s.rateLimit(s.limits.signup, s.ip.of(r)); err != nil {
		return err
	}
	req, err := decode[*signupRequest](w, r, 0)
	if err != nil {
		return err
	}
	// Hashing before the lookup keeps a known e-mail as slow as a new one.
	hash, err := auth.HashPassword(req.Password)
	if err != nil {
		return err
	}
	ctx, lang := r.Context(), mailLanguage(r)
	if req.Language != "" {
		lang = req.Language
	}
	// At most a few confirmation mails per address and hour, whoever asks:
	// beyond that a sign-up is answered as usual and sends nothing, so the
	// answer never tells whether the address is known or being flooded.
	mailOK, _ := s.limits.signupMail.allow(strings.ToLower(req.Email))
	u, err := s.Users.CreateUser(ctx, salescoach.NewUser{
		Email: req.Email, PasswordHash: hash, Company: strings.TrimSpace(req.Company),
		TermsAccepted: true, TermsUserAgent: truncate(r.UserAgent(), 512), Language: req.Language,
	})
	switch salescoach.ErrorCode(err) {
	case "":
		s.recordReferral(ctx, req.Ref, u.ID)
		if !mailOK {
			break
		}
		if err := s.sendTokenMail(ctx, u, salescoach.TokenConfirmEmail, lang); err != nil {
			s.log.ErrorContext(ctx, "confirmation mail failed", "user_id", u.ID, "err", err)
			return errMailFailed
		}
	case salescoach.ECONFLICT:
		// A known e-mail gets the same answer as a new one. An unconfirmed
		// account receives a fresh link (the first mail may have been lost);
		// a confirmed one gets nothing, and no second account exists.
		existing, err := s.Users.UserByEmail(ctx, req.Email)
		if err == nil && existing.EmailConfirmedAt == nil && mailOK {
			if err := s.sendTokenMail(ctx, existing, salescoach.TokenConfirmEmail, lang); err != nil {
				s.log.ErrorContext(ctx, "confirmation mail failed", "user_id", existing.ID, "err", err)
			}
		}
	default:
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]bool{"ok": true})
	return nil
}

// recordReferral links a new user to the owner of a referral code; an
// unknown code is ignored, because sign-up must not fail over it.
func (s *Server) recordReferral(ctx context.Context, code, userID string) {
	code = strings.TrimSpace(code)
	if code == "" {
		return
	}
	referrer, err := s.Referrals.ReferrerByCode(ctx, code)
	if err != nil {
		if salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
			s.log.ErrorContext(ctx, "referral lookup failed", "err", err)
		}
		return
	}
	if err := s.Referrals.RecordReferralSignup(ctx, referrer, userID, s.now()); err != nil {
		s.log.ErrorContext(ctx, "referral record failed", "err", err)
	}
}

type tokenRequest struct {
	Token string `json:"token"`
}

func (s *Server) handleConfirm(w http.ResponseWriter, r *http.Request) error {
	if err := s.rateLimit(s.limits.tokenUse, s.ip.of(r)); err != nil {
		return err
	}
	req, err := decode[*tokenRequest](w, r, 0)
	if err != nil {
		return errConfirmLink
	}
	t, err := s.Tokens.ConsumeOneTimeToken(r.Context(), auth.HashToken(req.Token), salescoach.TokenConfirmEmail, s.now())
	if salescoach.ErrorCode(err) == salescoach.ENOTFOUND {
		err = errConfirmLink
	}
	if err == nil {
		// As a reset does: the mailbox's holder, now proven, decides.
		err = s.removeSSOIdentities(r.Context(), t.UserID)
	}
	if err == nil {
		err = s.confirmEmail(r.Context(), t.UserID)
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

func (s *Server) handleAnonymous(w http.ResponseWriter, r *http.Request) error {
	if err := s.rateLimit(s.limits.anonymous, s.ip.of(r)); err != nil {
		return err
	}
	u, err := s.Users.CreateUser(r.Context(), salescoach.NewUser{IsAnonymous: true})
	if err != nil {
		return err
	}
	// A guest has nothing but this session to come back with, so it persists.
	sess, err := s.startSession(w, r, u, true)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, sess)
	return nil
}

type upgradeRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

func (s *Server) handleUpgrade(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if err := s.rateLimit(s.limits.upgrade, s.ip.of(r)); err != nil {
		return err
	}
	if !u.IsAnonymous {
		return salescoach.NewError(salescoach.EINVALID, salescoach.MsgHasEmail)
	}
	req, err := decode[*upgradeRequest](w, r, 0)
	if err != nil {
		return err
	}
	hash, err := auth.HashPassword(req.Password)
	if err != nil {
		return err
	}
	u, err = s.Users.UpgradeAnonymous(r.Context(), u.ID, req.Email, hash)
	if salescoach.ErrorCode(err) == salescoach.ECONFLICT {
		err = salescoach.FieldError("email", salescoach.MsgEmailTaken)
	}
	if err == nil {
		if err = s.sendTokenMail(r.Context(), u, salescoach.TokenConfirmEmail, mailLanguage(r)); err != nil {
			s.log.ErrorContext(r.Context(), "confirmation mail failed", "user_id", u.ID, "err", err)
			err = errMailFailed
		}
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}
