package httpapi

import (
	"archive/zip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path"
	"strings"
	"time"

	"salescoach"
	"salescoach/auth"
)

// exportPageSize is how many conversations the export reads at a time, so
// that a long history streams instead of being held in memory.
const exportPageSize = 20

// handleExport streams the caller's data as a ZIP (GDPR art. 15 and 20):
// account.json with every table's rows about the user, one JSON file and
// one Markdown transcript per conversation, and the avatar. The archive is
// written to the response as it is read, conversation page by
// conversation page; a failure after the first byte aborts the connection,
// so the client sees a broken download rather than a short archive.
func (s *Server) handleExport(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if err := s.rateLimit(s.limits.export, u.ID); err != nil {
		return err
	}
	ctx := r.Context()
	tables, err := s.Privacy.ExportTables(ctx, u.ID)
	if err != nil {
		return err
	}
	name := "salescoach-data-" + s.now().UTC().Format("2006-01-02") + ".zip"
	h := w.Header()
	h.Set("Content-Type", "application/zip")
	h.Set("Content-Disposition", `attachment; filename="`+name+`"`)
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	zw := zip.NewWriter(w)
	if err := s.writeExport(ctx, zw, u, tables); err != nil {
		s.log.ErrorContext(ctx, "export failed", "user_id", u.ID, "err", err)
		panic(http.ErrAbortHandler)
	}
	if err := zw.Close(); err != nil {
		s.log.WarnContext(ctx, "export: closing the archive failed", "user_id", u.ID, "err", err)
		panic(http.ErrAbortHandler)
	}
	s.log.InfoContext(ctx, "data exported", "user_id", u.ID)
	return nil
}

// writeExport writes the archive's files.
func (s *Server) writeExport(ctx context.Context, zw *zip.Writer, u *salescoach.User, tables []salescoach.ExportTable) error {
	account := make(map[string]any, len(tables))
	for _, t := range tables {
		// One-row tables are objects, the others lists.
		switch t.Name {
		case "user", "profile", "training_score", "referral_code", "referred_by", "two_factor":
			if len(t.Rows) > 0 {
				account[t.Name] = t.Rows[0]
			} else {
				account[t.Name] = nil
			}
		default:
			account[t.Name] = t.Rows
		}
	}
	account["exported_at"] = s.now().UTC()
	if err := writeZipJSON(zw, "account.json", account); err != nil {
		return err
	}
	if err := writeZipFile(zw, "README.md", []byte(exportReadme)); err != nil {
		return err
	}
	if err := s.writeExportAvatar(ctx, zw, u); err != nil {
		return err
	}
	after, n := "", 0
	for {
		page, err := s.Privacy.ExportConversations(ctx, u.ID, after, exportPageSize)
		if err != nil {
			return err
		}
		if len(page) == 0 {
			return nil
		}
		for _, c := range page {
			n++
			base := fmt.Sprintf("conversations/%04d-%s", n, c.Conversation.ID)
			if err := writeZipJSON(zw, base+".json", conversationExport(c)); err != nil {
				return err
			}
			if err := writeZipFile(zw, base+".md", []byte(transcript(c))); err != nil {
				return err
			}
		}
		after = page[len(page)-1].Conversation.ID
	}
}

// blobGetter is implemented by stores that can hand back a stored object
// (the S3 store); the local folder is a salescoach.BlobReader instead.
type blobGetter interface {
	Get(ctx context.Context, key string) (io.ReadCloser, error)
}

// writeExportAvatar adds the avatar as avatar.<ext>, when there is one and
// it can still be found.
func (s *Server) writeExportAvatar(ctx context.Context, zw *zip.Writer, u *salescoach.User) error {
	if u.AvatarURL == "" || s.Blobs == nil {
		return nil
	}
	var rc io.ReadCloser
	switch b := s.Blobs.(type) {
	case salescoach.BlobReader:
		f, err := b.Open(ctx, u.AvatarURL)
		if salescoach.ErrorCode(err) == salescoach.ENOTFOUND {
			return nil
		} else if err != nil {
			return err
		}
		rc = f
	case blobGetter:
		body, err := b.Get(ctx, u.AvatarURL)
		if salescoach.ErrorCode(err) == salescoach.ENOTFOUND {
			return nil
		} else if err != nil {
			return err
		}
		rc = body
	default:
		return nil
	}
	defer rc.Close()
	f, err := zw.CreateHeader(&zip.FileHeader{Name: "avatar" + path.Ext(u.AvatarURL), Method: zip.Store, Modified: s.now()})
	if err != nil {
		return err
	}
	_, err = io.Copy(f, io.LimitReader(rc, salescoach.MaxAvatarBytes))
	return err
}

func writeZipJSON(zw *zip.Writer, name string, v any) error {
	f, err := zw.Create(name)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(f)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func writeZipFile(zw *zip.Writer, name string, b []byte) error {
	f, err := zw.Create(name)
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	return err
}

// exportReadme explains the archive to its reader.
const exportReadme = `# Deine Daten bei Sales Coach / Your Sales Coach data

- account.json: Konto, Profil, Einwilligungen, Feedback, Empfehlungen, Abos,
  Sitzungen, Zwei-Faktor-Status und Nutzung / account, profile, consents,
  feedback, referrals, subscriptions, sessions, two-factor status and usage.
- conversations/*.json und *.md: jedes Gespräch mit allen Nachrichten,
  Bewertungen und Auswertung / every conversation with its messages, scores
  and evaluation (JSON and a readable transcript).
- avatar.*: dein Profilbild / your profile picture.
`

// exportMessage is a message in the export.
type exportMessage struct {
	ID           string    `json:"id"`
	Role         string    `json:"role"`
	Content      string    `json:"content"`
	PDFName      string    `json:"pdf_name,omitempty"`
	IsCompletion bool      `json:"is_completion"`
	CreatedAt    time.Time `json:"created_at"`
}

// exportConversationJSON is a conversation in the export: everything stored
// about it.
type exportConversationJSON struct {
	ID              string                  `json:"id"`
	Title           string                  `json:"title"`
	Mode            string                  `json:"mode"`
	Difficulty      int                     `json:"difficulty"`
	ProductOverride string                  `json:"product_override,omitempty"`
	PDFName         string                  `json:"pdf_name,omitempty"`
	PDFText         string                  `json:"pdf_text,omitempty"`
	Stage           int                     `json:"stage"`
	TotalStages     int                     `json:"total_stages"`
	Progress        int                     `json:"progress"`
	Objections      []string                `json:"objections"`
	LastScore       *salescoach.ScoreResult `json:"last_score"`
	Evaluation      json.RawMessage         `json:"evaluation"`
	CreatedAt       time.Time               `json:"created_at"`
	UpdatedAt       time.Time               `json:"updated_at"`
	CompletedAt     *time.Time              `json:"completed_at"`
	DeletedAt       *time.Time              `json:"deleted_at"`
	Messages        []exportMessage         `json:"messages"`
}

func conversationExport(ec *salescoach.ExportConversation) exportConversationJSON {
	c := ec.Conversation
	out := exportConversationJSON{ID: c.ID, Title: c.Title, Mode: c.Mode, Difficulty: c.Difficulty,
		ProductOverride: c.ProductOverride, PDFName: c.PDFName, PDFText: c.PDFText, Stage: c.Stage,
		TotalStages: c.TotalStages, Progress: c.Progress, Objections: c.Objections, LastScore: c.LastScore,
		CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt, CompletedAt: c.CompletedAt, DeletedAt: c.DeletedAt,
		Messages: make([]exportMessage, 0, len(ec.Messages))}
	if c.Evaluation != "" {
		if json.Valid([]byte(c.Evaluation)) {
			out.Evaluation = json.RawMessage(c.Evaluation)
		} else {
			out.Evaluation, _ = json.Marshal(c.Evaluation)
		}
	} else {
		out.Evaluation = json.RawMessage("null")
	}
	for _, m := range ec.Messages {
		out.Messages = append(out.Messages, exportMessage{ID: m.ID, Role: m.Role, Content: m.Content,
			PDFName: m.PDFName, IsCompletion: m.IsCompletion, CreatedAt: m.CreatedAt})
	}
	return out
}

// transcriptRoles name the speakers of a Markdown transcript.
var transcriptRoles = map[string]string{
	salescoach.RoleUser:      "Du / You",
	salescoach.RoleSeller:    "Du / You",
	salescoach.RoleAssistant: "Kunde / Customer",
	salescoach.RoleSystem:    "Hinweis / Notice",
}

// transcript is a readable Markdown form of a conversation.
func transcript(ec *salescoach.ExportConversation) string {
	c := ec.Conversation
	var b strings.Builder
	title := c.Title
	if title == "" {
		title = "Gespräch / Conversation"
	}
	fmt.Fprintf(&b, "# %s\n\n", title)
	fmt.Fprintf(&b, "- Modus / Mode: %s\n- Begonnen / Started: %s\n", c.Mode, c.CreatedAt.UTC().Format(time.RFC3339))
	if c.TotalStages > 0 {
		fmt.Fprintf(&b, "- Stufe / Stage: %d/%d, Fortschritt / Progress: %d %%\n", c.Stage, c.TotalStages, c.Progress)
	}
	if c.CompletedAt != nil {
		fmt.Fprintf(&b, "- Abgeschlossen / Completed: %s\n", c.CompletedAt.UTC().Format(time.RFC3339))
	}
	if c.DeletedAt != nil {
		fmt.Fprintf(&b, "- Gelöscht / Deleted: %s\n", c.DeletedAt.UTC().Format(time.RFC3339))
	}
	b.WriteString("\n")
	for _, m := range ec.Messages {
		fmt.Fprintf(&b, "**%s** (%s):\n\n%s\n\n", transcriptRoles[m.Role], m.CreatedAt.UTC().Format(time.RFC3339), m.Content)
	}
	if c.Evaluation != "" {
		fmt.Fprintf(&b, "## Auswertung / Evaluation\n\n```json\n%s\n```\n", c.Evaluation)
	}
	return b.String()
}

// deleteAccountRequest is the body of POST /api/me/delete.
type deleteAccountRequest struct {
	Password     string `json:"password"`
	Confirmation string `json:"confirmation"`
	// Code is the authenticator app's code or a recovery code, asked of a
	// user with two-factor sign-in on.
	Code string `json:"code"`
}

// Valid checks the typed confirmation and bounds the password.
func (q *deleteAccountRequest) Valid() salescoach.Problems {
	p := salescoach.Problems{}
	if !salescoach.DeleteConfirmed(q.Confirmation) {
		p["confirmation"] = salescoach.MsgDeleteConfirm
	}
	if len(q.Password) > 1024 {
		p["password"] = salescoach.MsgDeletePasswordWrong
	}
	if len(q.Code) > 32 {
		p["code"] = salescoach.MsgTOTPCodeInvalid
	}
	return p
}

// handleDeleteMe deletes the caller's account (GDPR art. 17) after the
// password and the typed confirmation. Guests, who have neither password
// nor e-mail, confirm by typing only. Google/Apple users without a password
// confirm by a fresh sign-in at the provider first (handleReauthStart),
// whose proof this session uses up here; an account with neither password
// nor linked provider is asked to set a password through the reset mail.
// A user with two-factor sign-in on also gives a code of the app or a
// recovery code (which is used up), checked as the sign-in code step does
// and counted against the same brake.
func (s *Server) handleDeleteMe(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	// Bounds password guessing with a stolen access token.
	if err := s.rateLimit(s.limits.deleteAccount, u.ID); err != nil {
		return err
	}
	req, err := decode[*deleteAccountRequest](w, r, 0)
	if err != nil {
		return err
	}
	ctx := r.Context()
	d, err := s.deletionMethod(ctx, u)
	if err != nil {
		return err
	}
	var proof *salescoach.ReauthProof
	switch {
	case d.method == "password":
		ok, err := auth.VerifyPassword(d.passwordHash, req.Password)
		if err != nil {
			return err
		}
		if !ok {
			return salescoach.FieldError("password", salescoach.MsgDeletePasswordWrong)
		}
	case d.method == "provider" && len(d.providers) == 0:
		return salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgDeleteNeedsPassword)
	case d.method == "provider":
		// Used up in one statement, so two requests cannot both use it.
		proof, err = s.Tokens.ConsumeReauthProof(ctx, u.ID, callerFrom(ctx).SessionID, s.now())
		if salescoach.ErrorCode(err) == salescoach.ENOTFOUND {
			return salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgDeleteReauthRequired)
		} else if err != nil {
			return err
		}
	}
	if d.twoFactor {
		if err := s.deletionSecondFactor(ctx, u, req.Code); err != nil {
			// The proof of a fresh sign-in stays good for the next try.
			if proof != nil {
				if rerr := s.Tokens.SaveReauthProof(context.WithoutCancel(ctx), proof); rerr != nil {
					s.log.ErrorContext(ctx, "account deletion: re-authentication proof not given back", "user_id", u.ID, "err", rerr)
				}
			}
			return err
		}
	}
	if err := s.deleteAccount(ctx, u, ""); err != nil {
		// A deletion that failed (PayPal, the storage) gives the proof back:
		// the user retries within its five minutes without signing in again.
		if proof != nil {
			if rerr := s.Tokens.SaveReauthProof(context.WithoutCancel(ctx), proof); rerr != nil {
				s.log.ErrorContext(ctx, "account deletion: re-authentication proof not given back", "user_id", u.ID, "err", rerr)
			}
		}
		return err
	}
	s.clearCookie(w, refreshCookie, refreshCookiePath)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// deletionSecondFactor checks the code a user with two-factor sign-in on
// confirms a deletion with: missing or wrong, a field error on "code".
func (s *Server) deletionSecondFactor(ctx context.Context, u *salescoach.User, code string) error {
	if code == "" {
		return salescoach.FieldError("code", salescoach.MsgTOTPCodeMissing)
	}
	err := s.checkSecondFactor(ctx, u.ID, code)
	if err == errTOTPCode {
		return salescoach.FieldError("code", salescoach.MsgTOTPCodeInvalid)
	}
	return err
}

// handleAdminDeleteUser deletes another user's account from the
// back-office; an admin cannot delete themself there.
func (s *Server) handleAdminDeleteUser(w http.ResponseWriter, r *http.Request, admin *salescoach.User) error {
	id := r.PathValue("id")
	if !salescoach.IsUUID(id) {
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgUserNotFound)
	}
	if strings.EqualFold(id, admin.ID) {
		return salescoach.NewError(salescoach.EINVALID, salescoach.MsgDeleteSelf)
	}
	u, err := s.Users.UserByID(r.Context(), id)
	if err != nil {
		return userNotFound(err)
	}
	if err := s.deleteAccount(r.Context(), u, admin.ID); err != nil {
		return userNotFound(err)
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// deleteAccount cancels the user's open subscriptions at PayPal, removes
// the avatar and deletes the account with its rows, in that order: a
// failure of PayPal or of the storage stops it before anything is deleted
// in the database. Deleting the account ends its sessions (an access token
// names a session that no longer exists) and the announced change ends its
// live-update streams on every process. by is the admin who deleted it, ""
// for the user themself.
func (s *Server) deleteAccount(ctx context.Context, u *salescoach.User, by string) error {
	subs, err := s.Privacy.UserSubscriptions(ctx, u.ID)
	if err != nil {
		return err
	}
	if err := s.Billing.CancelForDeletion(ctx, subs); err != nil {
		return err
	}
	if u.AvatarURL != "" && s.Blobs != nil {
		if err := s.Blobs.Delete(ctx, u.AvatarURL); err != nil {
			s.log.ErrorContext(ctx, "account deletion: avatar delete failed", "user_id", u.ID, "err", err)
			return salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgDeleteStorageFailed)
		}
	}
	if f, ok := s.Blobs.(interface {
		RemoveFolder(ctx context.Context, dir string) error
	}); ok {
		if err := f.RemoveFolder(ctx, u.ID); err != nil {
			s.log.WarnContext(ctx, "account deletion: avatar folder not removed", "user_id", u.ID, "err", err)
		}
	}
	if _, err := s.Privacy.DeleteAccount(ctx, u.ID); err != nil {
		return err
	}
	if s.Hub != nil {
		s.Hub.Publish(ctx, salescoach.Change{UserID: u.ID, Type: salescoach.ChangeUser, Op: salescoach.OpDelete, ID: u.ID})
	}
	if by == "" {
		s.log.InfoContext(ctx, "account deleted", "user_id", u.ID)
	} else {
		s.log.InfoContext(ctx, "account deleted by an admin", "user_id", u.ID, "admin_id", by)
	}
	return nil
}
