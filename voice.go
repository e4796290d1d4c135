package salescoach

import (
	"context"
	"time"
)

// Kinds of voice usage.
const (
	VoiceSTT = "stt" // speech-to-text: AudioMillis counts
	VoiceTTS = "tts" // text-to-speech: Characters count
)

// VoiceUsage is one successful call of a speech provider, for the admin
// token management.
type VoiceUsage struct {
	UserID      string
	Kind        string // VoiceSTT or VoiceTTS
	Provider    string // openai, polly, …
	AudioMillis int64  // the recording's length (VoiceSTT)
	Characters  int64  // the characters spoken (VoiceTTS)
	CreatedAt   time.Time
}

// VoiceCall is one voice call of a user: started by the browser, it gains a
// turn with every transcription made for it and is finished once.
type VoiceCall struct {
	ID         string
	UserID     string
	Turns      int
	StartedAt  time.Time
	FinishedAt *time.Time
}

// VoiceService records voice usage and calls.
type VoiceService interface {
	// RecordVoiceUsage appends u (CreatedAt now when zero). ENOTFOUND when
	// the user does not exist; EINVALID for an unknown kind or negative
	// amounts.
	RecordVoiceUsage(ctx context.Context, u *VoiceUsage) error
	// StartCall opens a call for the user. ENOTFOUND when the user does not
	// exist.
	StartCall(ctx context.Context, userID string) (*VoiceCall, error)
	// AddCallTurn counts one transcribed turn of the user's open call.
	// ENOTFOUND when the call is not the user's, does not exist or is
	// finished.
	AddCallTurn(ctx context.Context, userID, callID string) error
	// FinishCall ends the user's call. The first finish of a call with at
	// least one turn adds 1 to the user's calls counter ('Telefonieren') in
	// the same transaction and reports counted; finishing again, or a call
	// without turns, counts nothing. ENOTFOUND when the call is not the
	// user's or does not exist.
	FinishCall(ctx context.Context, userID, callID string) (counted bool, err error)
}
