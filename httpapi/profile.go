package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"

	"salescoach"
)

// maxProfileBody fits a product description of 20 000 runes even when every
// one is escaped as \uXXXX.
const maxProfileBody = 256 << 10

// optionalString tells an absent JSON field (Set false) from null (Set, nil)
// and from a string.
type optionalString struct {
	Set   bool
	Value *string
}

// UnmarshalJSON is called for null too, which is what sets Set.
func (o *optionalString) UnmarshalJSON(b []byte) error {
	o.Set = true
	if string(b) == "null" {
		o.Value = nil
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	o.Value = &s
	return nil
}

type patchMeRequest struct {
	DisplayName        *string        `json:"display_name"`
	Role               *string        `json:"role"`
	Formality          *string        `json:"formality"`
	Language           *string        `json:"language"`
	TonePresetID       optionalString `json:"tone_preset_id"`
	ProductDescription *string        `json:"product_description"`
	HasSeenIntro       *bool          `json:"has_seen_intro"`
	LeaderboardVisible *bool          `json:"leaderboard_visible"`

	update salescoach.ProfileUpdate
}

func (q *patchMeRequest) Valid() salescoach.Problems {
	q.update = salescoach.ProfileUpdate{DisplayName: q.DisplayName, Role: q.Role, Formality: q.Formality,
		Language: q.Language, ProductDescription: q.ProductDescription, HasSeenIntro: q.HasSeenIntro,
		LeaderboardVisible: q.LeaderboardVisible}
	if q.TonePresetID.Set {
		// null and "" both choose Standard (neutral).
		id := ""
		if q.TonePresetID.Value != nil {
			id = *q.TonePresetID.Value
		}
		q.update.TonePresetID = &id
	}
	return q.update.Normalize()
}

// handlePatchMe updates the fields that are present and answers what GET
// /api/me answers.
// handlePatchMe gets the profile with the session check (requireUserProfile):
// an update of users-row columns only leaves it unchanged, so that edit is
// the one UPDATE statement after the check (issue 30).
func (s *Server) handlePatchMe(w http.ResponseWriter, r *http.Request, u *salescoach.User, p *salescoach.Profile) error {
	req, err := decode[*patchMeRequest](w, r, maxProfileBody)
	if err != nil {
		return err
	}
	upd := req.update
	if upd.UsersRowOnly() {
		u, err = s.Users.UpdateUserColumns(r.Context(), u.ID, upd)
	} else {
		u, p, err = s.Users.UpdateProfile(r.Context(), u.ID, upd)
	}
	if err != nil {
		return err
	}
	if upd.DisplayName != nil || upd.Role != nil || upd.Formality != nil || upd.Language != nil || upd.TonePresetID != nil {
		s.changed(r, u.ID, salescoach.ChangeUser, salescoach.OpUpdate, u.ID)
	}
	if upd.ProductDescription != nil || upd.HasSeenIntro != nil || upd.LeaderboardVisible != nil {
		s.changed(r, u.ID, salescoach.ChangeProfile, salescoach.OpUpdate, u.ID)
	}
	s.writeMe(w, u, p)
	return nil
}

// avatarURL resolves a stored avatar value for the browser: "" stays "", an
// http(s) URL is returned as it is, and a blob key becomes the store's
// address plus ?v= the time it was set (falling back to fallback), so a
// replaced picture is fetched anew while an unchanged one stays cached.
func (s *Server) avatarURL(stored string, setAt *time.Time, fallback time.Time) string {
	switch {
	case stored == "":
		return ""
	case strings.HasPrefix(stored, "http://") || strings.HasPrefix(stored, "https://"):
		return stored
	case s.Blobs == nil:
		return ""
	}
	t := fallback
	if setAt != nil {
		t = *setAt
	}
	return s.Blobs.URL(stored) + "?v=" + strconv.FormatInt(t.Unix(), 10)
}

// ownAvatarKey reports whether a stored avatar value is a blob key of the
// user's own folder, the only files the server ever deletes for them.
func ownAvatarKey(stored, userID string) bool {
	return strings.HasPrefix(stored, userID+"/") && !strings.Contains(stored, "://")
}

// maxAvatarBody caps an avatar upload: the file, and room for the multipart
// framing and a few small fields.
const maxAvatarBody = salescoach.MaxAvatarBytes + 64<<10

var errNoBlobs = salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgAvatarNoStore)

func avatarError(code string, msg salescoach.Msg) error {
	return &salescoach.Error{Code: code, Msg: msg, Fields: map[string]salescoach.Msg{"file": msg}}
}

// readAvatar reads the multipart field "file" and checks it in the
// specification's order: the declared type, the size, then the leading
// bytes, which alone decide what the file is. Its name is never used.
func readAvatar(r *http.Request) ([]byte, error) {
	unreadable := func(err error) error {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			return avatarError(salescoach.ETOOLARGE, salescoach.MsgAvatarTooLarge)
		}
		return avatarError(salescoach.EINVALID, salescoach.MsgAvatarUnreadable)
	}
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, unreadable(err)
	}
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			return nil, avatarError(salescoach.EINVALID, salescoach.MsgAvatarMissing)
		} else if err != nil {
			return nil, unreadable(err)
		}
		if part.FormName() != "file" {
			continue // NextPart skips the rest of this part
		}
		if declared := part.Header.Get("Content-Type"); declared != "" && !salescoach.AllowedImageType(declared) {
			return nil, avatarError(salescoach.EINVALID, salescoach.MsgAvatarType)
		}
		data, err := io.ReadAll(io.LimitReader(part, salescoach.MaxAvatarBytes+1))
		if err != nil {
			return nil, unreadable(err)
		}
		if len(data) > salescoach.MaxAvatarBytes {
			return nil, avatarError(salescoach.ETOOLARGE, salescoach.MsgAvatarTooLarge)
		}
		if _, _, ok := salescoach.SniffImage(data); !ok {
			return nil, avatarError(salescoach.EINVALID, salescoach.MsgAvatarInvalid)
		}
		return data, nil
	}
}

// handlePutAvatar stores an uploaded avatar under a key the server chooses
// ({userId}/{userId}.{ext from the bytes}), records it, and then deletes a
// previous file with another extension; failing to delete that one is only
// logged.
func (s *Server) handlePutAvatar(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if s.Blobs == nil {
		return errNoBlobs
	}
	if err := s.rateLimit(s.limits.avatar, u.ID); err != nil {
		return err
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxAvatarBody)
	data, err := readAvatar(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	ext, contentType, _ := salescoach.SniffImage(data)
	key := salescoach.AvatarKey(u.ID, ext)
	if err := s.Blobs.Put(ctx, key, contentType, bytes.NewReader(data), int64(len(data))); err != nil {
		s.log.ErrorContext(ctx, "avatar upload failed", "user_id", u.ID, "err", err)
		return err
	}
	now := s.now()
	prev, err := s.Users.SetAvatar(ctx, u.ID, key, now)
	if err != nil {
		return err
	}
	if prev != key && ownAvatarKey(prev, u.ID) {
		if err := s.Blobs.Delete(ctx, prev); err != nil {
			s.log.WarnContext(ctx, "Löschen des alten Avatars fehlgeschlagen: "+failureReason(err),
				"user_id", u.ID, "err", err)
		}
	}
	s.changed(r, u.ID, salescoach.ChangeUser, salescoach.OpUpdate, u.ID)
	writeJSON(w, http.StatusOK, map[string]string{"avatar_url": s.avatarURL(key, &now, now)})
	return nil
}

// handleDeleteAvatar deletes the avatar file and clears the value. When the
// file cannot be deleted the value is kept, so the user can try again.
func (s *Server) handleDeleteAvatar(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	ctx := r.Context()
	if ownAvatarKey(u.AvatarURL, u.ID) {
		if s.Blobs == nil {
			return errNoBlobs
		}
		if err := s.Blobs.Delete(ctx, u.AvatarURL); err != nil {
			s.log.ErrorContext(ctx, "avatar delete failed", "user_id", u.ID, "err", err)
			return err
		}
	}
	if _, err := s.Users.SetAvatar(ctx, u.ID, "", s.now()); err != nil {
		return err
	}
	s.changed(r, u.ID, salescoach.ChangeUser, salescoach.OpUpdate, u.ID)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// avatarFileCSP forbids everything in an avatar response: were a file ever
// not an image, a browser opening it directly would run nothing.
const avatarFileCSP = "default-src 'none'; sandbox"

// handleAvatarFile serves an avatar of the local store. Only names the
// server gives out ({userId}.{jpg,png,gif} in the user's folder) are served,
// with the image type, nosniff and a CSP that allows nothing.
func (s *Server) handleAvatarFile(w http.ResponseWriter, r *http.Request) {
	reader, ok := s.Blobs.(salescoach.BlobReader)
	userID, file := r.PathValue("userID"), r.PathValue("file")
	ext := strings.TrimPrefix(path.Ext(file), ".")
	if !ok || !salescoach.IsUUID(userID) || file != userID+"."+ext || salescoach.ImageContentType(ext) == "" {
		http.NotFound(w, r)
		return
	}
	f, err := reader.Open(r.Context(), userID+"/"+file)
	if salescoach.ErrorCode(err) == salescoach.ENOTFOUND {
		http.NotFound(w, r)
		return
	} else if err != nil {
		s.log.ErrorContext(r.Context(), "avatar read failed", "err", err)
		http.Error(w, "Interner Fehler.", http.StatusInternalServerError)
		return
	}
	defer f.Close()
	h := w.Header()
	h.Set("Content-Type", f.ContentType)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", avatarFileCSP)
	h.Set("Cache-Control", "public, max-age=3600")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	http.ServeContent(w, r, file, f.ModTime, f)
}

// failureReason is the reason of an upload or delete failure of the avatar
// store (the {reason} of 'Löschen fehlgeschlagen: {reason}'), else its whole
// message.
func failureReason(err error) string {
	var e *salescoach.Error
	if errors.As(err, &e) {
		if reason, ok := e.Msg.Params["reason"].(salescoach.Msg); ok {
			return reason.String()
		}
	}
	return salescoach.ErrorMessage(err)
}
