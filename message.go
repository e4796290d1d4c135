package salescoach

import (
	"fmt"
	"maps"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// A Msg is a text a user may read. Key is a stable machine code that clients
// translate (the web app's catalogue has a German and an English text for
// every key); Text is the German default, exactly as the specification words
// it, with {name} placeholders that Params fill. The server sends both, so an
// API client without a catalogue still has a readable text.
type Msg struct {
	Key    string
	Text   string
	Params map[string]any
}

// catalogue holds every message the server can send, by key.
var catalogue = map[string]string{}

// newMsg registers a message of the catalogue. Keys are unique.
func newMsg(key, text string) Msg {
	if _, dup := catalogue[key]; dup {
		panic("salescoach: duplicate message key " + key)
	}
	catalogue[key] = text
	return Msg{Key: key, Text: text}
}

// Catalogue returns every message key with its German text; the web app's
// copy (web/src/lib/i18n/server-messages.json) is checked against it.
func Catalogue() map[string]string { return maps.Clone(catalogue) }

// With returns m with the placeholder name set to value; m is not changed.
func (m Msg) With(name string, value any) Msg {
	p := make(map[string]any, len(m.Params)+1)
	maps.Copy(p, m.Params)
	p[name] = value
	m.Params = p
	return m
}

var placeholder = regexp.MustCompile(`\{(\w+)\}`)

// String returns the German text with its placeholders filled.
func (m Msg) String() string {
	if len(m.Params) == 0 {
		return m.Text
	}
	return placeholder.ReplaceAllStringFunc(m.Text, func(s string) string {
		switch v := m.Params[s[1:len(s)-1]].(type) {
		case nil:
			return s
		case float64:
			// German decimals: 0,5
			return strings.ReplaceAll(strconv.FormatFloat(v, 'f', -1, 64), ".", ",")
		case DateParam:
			return v.German()
		default:
			return fmt.Sprint(v)
		}
	})
}

// A DateParam is a calendar day (UTC) in a message: the German text reads
// "1. Januar 2027"; the API sends "2027-01-01", which the web app writes in
// its language.
type DateParam struct{ Day time.Time }

var germanMonths = [...]string{"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
	"September", "Oktober", "November", "Dezember"}

// German is the day as German prose writes it: 1. Januar 2027.
func (d DateParam) German() string {
	t := d.Day.UTC()
	return fmt.Sprintf("%d. %s %d", t.Day(), germanMonths[t.Month()-1], t.Year())
}

// MarshalJSON writes the day as "2027-01-01".
func (d DateParam) MarshalJSON() ([]byte, error) {
	return []byte(`"` + d.Day.UTC().Format(time.DateOnly) + `"`), nil
}

// The catalogue. Keys are snake_case and never change meaning once shipped;
// a new meaning gets a new key.
var (
	// Generic answers.
	MsgInternal        = newMsg("internal", "Leider ist ein Fehler aufgetreten.")
	MsgNotFound        = newMsg("not_found", "Nicht gefunden.")
	MsgNotReady        = newMsg("not_ready", "Nicht bereit.")
	MsgDatabaseDown    = newMsg("database_unavailable", "Datenbank nicht erreichbar.")
	MsgTooManyAttempts = newMsg("too_many_attempts", "Zu viele Versuche. Bitte warte einen Moment.")
	MsgForeignOrigin   = newMsg("foreign_origin", "Anfrage von fremder Seite abgelehnt.")
	MsgBadID           = newMsg("bad_id", "Ungültige ID.")
	MsgConflict        = newMsg("conflict", "Eintrag existiert bereits.")
	MsgInvalidData     = newMsg("invalid_data", "Ungültige Daten.")
	MsgMissingRef      = newMsg("missing_reference", "Verknüpfter Eintrag nicht gefunden.")
	MsgBadDate         = newMsg("bad_date", "Ungültiges Datum.")
	MsgBadPeriod       = newMsg("bad_period", "Ungültiger Zeitraum.")
	MsgBadPage         = newMsg("bad_page", "Ungültige Seitenangabe.")
	MsgQueryTooLong    = newMsg("query_too_long", "Die Suche darf höchstens {max} Zeichen lang sein.")
	MsgUnknownStatus   = newMsg("unknown_status", "Unbekannter Status.")
	MsgNameEmpty       = newMsg("name_empty", "Name darf nicht leer sein.")
	MsgMailFailed      = newMsg("mail_failed", "Die E-Mail konnte nicht gesendet werden. Bitte versuche es später erneut.")
	MsgMailNotSent     = newMsg("mail_not_sent", "Die E-Mail konnte nicht gesendet werden.")

	// The request itself.
	MsgNotJSON        = newMsg("request_not_json", "Die Anfrage muss JSON sein.")
	MsgBadJSON        = newMsg("request_bad_json", "Die Anfrage ist kein gültiges JSON.")
	MsgNotJSONObject  = newMsg("request_not_object", "Die Anfrage muss ein JSON-Objekt sein.")
	MsgBadFieldType   = newMsg("field_bad_type", "Dieses Feld hat den falschen Typ.")
	MsgUnknownField   = newMsg("field_unknown", "Dieses Feld gibt es nicht.")
	MsgDuplicateField = newMsg("field_duplicate", "Dieses Feld steht mehrmals in der Anfrage.")
	MsgControlChar    = newMsg("field_control_character", "Dieses Feld enthält unzulässige Steuerzeichen.")
	MsgTooLarge       = newMsg("request_too_large", "Die Anfrage ist zu groß.")

	// Accounts and sessions.
	MsgInvalidCredentials = newMsg("invalid_credentials", "E-Mail oder Passwort ist falsch.")
	MsgEmailUnconfirmed   = newMsg("email_unconfirmed", "Bitte bestätige zuerst deine E-Mail-Adresse.")
	MsgSessionInvalid     = newMsg("session_invalid", "Sitzung ungültig oder abgelaufen.")
	MsgSessionExpired     = newMsg("session_expired", "Sitzung abgelaufen. Bitte melde dich erneut an.")
	// MsgSessionReused answers a refresh token presented again: the store has
	// revoked its whole family.
	MsgSessionReused     = newMsg("session_reused", "Sitzung abgelaufen. Bitte melde dich erneut an.")
	MsgNoUser            = newMsg("user_missing", "Kein Benutzer gefunden.")
	MsgSignInRequired    = newMsg("sign_in_required", "Bitte melde dich an.")
	MsgForbidden         = newMsg("forbidden", "Keine Berechtigung.")
	MsgAccountLocked     = newMsg("account_locked", "Zu viele fehlgeschlagene Anmeldungen für dieses Konto. Bitte warte einen Moment oder setze dein Passwort zurück.")
	MsgAccountDisabled   = newMsg("account_disabled", "Dieses Konto ist gesperrt.")
	MsgConfirmLink       = newMsg("confirm_link_invalid", "Der Bestätigungslink ist ungültig oder abgelaufen.")
	MsgResetLink         = newMsg("reset_link_invalid", "Der Link zum Zurücksetzen ist ungültig oder abgelaufen.")
	MsgLinkInvalid       = newMsg("link_invalid", "Der Link ist ungültig oder abgelaufen.")
	MsgOAuthStateInvalid = newMsg("oauth_state_invalid", "Anmeldung abgelaufen. Bitte versuche es erneut.")
	MsgSocialLoginFailed = newMsg("social_login_failed", "Social Login fehlgeschlagen")
	MsgProviderMissing   = newMsg("provider_not_configured", "Diese Anmeldemethode ist nicht eingerichtet.")
	MsgTermsRequired     = newMsg("terms_required", "Bitte akzeptiere unsere Nutzungsbedingungen und bestätige die Kenntnisnahme der Datenschutzerklärung, um fortzufahren.")
	MsgCompanyTooLong    = newMsg("company_too_long", "Der Firmenname darf höchstens {max} Zeichen lang sein.")
	MsgReferralInvalid   = newMsg("referral_invalid", "Der Einladungscode ist ungültig.")
	MsgEmailMissing      = newMsg("email_missing", "Bitte gib deine E-Mail-Adresse ein.")
	MsgEmailInvalid      = newMsg("email_invalid", "Bitte gib eine gültige E-Mail-Adresse ein.")
	MsgEmailTaken        = newMsg("email_taken", "Diese E-Mail-Adresse wird bereits verwendet.")
	MsgPasswordMissing   = newMsg("password_missing", "Bitte gib dein Passwort ein.")
	MsgPasswordTooShort  = newMsg("password_too_short", "Das Passwort muss mindestens {min} Zeichen lang sein.")
	MsgPasswordTooLong   = newMsg("password_too_long", "Das Passwort darf höchstens {max} Zeichen lang sein.")
	MsgHasEmail          = newMsg("account_has_email", "Dein Konto hat bereits eine E-Mail-Adresse.")
	MsgIdentityNotFound  = newMsg("identity_not_found", "Keine verknüpfte Anmeldung gefunden.")
	MsgIdentityTaken     = newMsg("identity_taken", "Dieses Konto ist bereits verknüpft.")
	MsgUnknownConsent    = newMsg("consent_unknown", "Unbekannte Art der Zustimmung.")
	MsgUnknownTerms      = newMsg("terms_version_unknown", "Unbekannte Version der Nutzungsbedingungen.")
	MsgBadPath           = newMsg("path_invalid", "Ungültiger Pfad.")

	// Profile.
	MsgDisplayNameTooLong = newMsg("display_name_too_long", "Der Anzeigename darf höchstens {max} Zeichen lang sein.")
	MsgRoleTooLong        = newMsg("role_too_long", "Die Rolle darf höchstens {max} Zeichen lang sein.")
	MsgBadFormality       = newMsg("formality_invalid", "Bitte wähle Standard (du), Du oder Sie.")
	MsgBadLanguage        = newMsg("language_invalid", "Bitte wähle Standard (de), Deutsch oder Englisch.")
	MsgDescriptionTooLong = newMsg("product_description_too_long", "Die Produktbeschreibung darf höchstens {max} Zeichen lang sein.")
	MsgUnknownTonePreset  = newMsg("tone_preset_unknown", "Unbekannte Tonvorgabe.")
	MsgURLEmpty           = newMsg("url_missing", "Bitte eine URL angeben.")
	MsgURLInvalid         = newMsg("url_invalid", "Bitte eine gültige URL angeben.")
	MsgURLBlocked         = newMsg("url_blocked", "Diese Adresse ist nicht erlaubt.")
	MsgURLUnavailable     = newMsg("url_unavailable", "Die Seite konnte nicht geladen werden.")
	MsgURLNoText          = newMsg("url_no_text", "Diese Seite enthält keinen lesbaren Text.")
	MsgURLTooLarge        = newMsg("url_too_large", "Die Seite ist zu groß (max. {max}).")

	// Avatars and files (the specification's texts).
	MsgAvatarType       = newMsg("avatar_type", "Nur JPG, PNG oder GIF sind erlaubt.")
	MsgAvatarTooLarge   = newMsg("avatar_too_large", "Datei zu groß (max. 2 MB).")
	MsgAvatarInvalid    = newMsg("avatar_invalid", "Ungültige Bilddatei.")
	MsgAvatarUnreadable = newMsg("avatar_unreadable", "Datei konnte nicht gelesen werden.")
	MsgAvatarMissing    = newMsg("avatar_missing", "Bitte wähle eine Bilddatei aus.")
	MsgAvatarNoStore    = newMsg("avatar_no_store", "Upload fehlgeschlagen: kein Speicher für Avatare eingerichtet.")
	// An upload or delete that failed names its reason, one of the storage
	// messages below or the storage service's own text (storage_refused).
	MsgUploadFailed       = newMsg("upload_failed", "Upload fehlgeschlagen: {reason}")
	MsgDeleteFailed       = newMsg("delete_failed", "Löschen fehlgeschlagen: {reason}")
	MsgStorageSaveFailed  = newMsg("storage_save_failed", "Datei konnte nicht gespeichert werden.")
	MsgStorageIncomplete  = newMsg("storage_incomplete", "Datei unvollständig.")
	MsgStorageAborted     = newMsg("storage_aborted", "Abgebrochen.")
	MsgStorageUnreadable  = newMsg("storage_unreadable", "Datei konnte nicht gelesen werden.")
	MsgStorageUnreachable = newMsg("storage_unreachable", "Speicher nicht erreichbar.")
	MsgStorageNoBucket    = newMsg("storage_bucket_missing", "Avatar-Bucket nicht gefunden.")
	MsgStorageDeleteFail  = newMsg("storage_delete_failed", "Datei konnte nicht gelöscht werden.")
	MsgStorageRefused     = newMsg("storage_refused", "{reason}")
	MsgFileSizeUnknown    = newMsg("file_size_unknown", "Unbekannte Dateigröße.")
	MsgBadFileName        = newMsg("file_name_invalid", "Ungültiger Dateiname.")
	MsgFileNotFound       = newMsg("file_not_found", "Datei nicht gefunden.")

	// Chats.
	MsgConversationNotFound = newMsg("conversation_not_found", "Konversation nicht gefunden.")
	MsgMessageNotFound      = newMsg("message_not_found", "Nachricht nicht gefunden.")
	MsgMessageEmpty         = newMsg("message_empty", "Die Nachricht ist leer.")
	MsgMessageTooLong       = newMsg("message_too_long", "Die Nachricht ist zu lang (max. {max} Zeichen).")
	MsgPDFTextTooLong       = newMsg("pdf_text_too_long", "Der Text der PDF-Datei ist zu lang.")
	MsgPDFNameTooLong       = newMsg("pdf_name_too_long", "Der Dateiname ist zu lang.")
	MsgOverrideTooLong      = newMsg("product_override_too_long", "Die Produktbeschreibung ist zu lang.")
	MsgTitleEmpty           = newMsg("title_empty", "Titel darf nicht leer sein")
	MsgTitleTooLong         = newMsg("title_too_long", "Der Titel darf höchstens {max} Zeichen lang sein.")
	MsgNoMode               = newMsg("mode_missing", "Bitte wähle einen Modus aus")
	MsgNoDifficulty         = newMsg("difficulty_missing", "Schwierigkeit auswählen und auf Start drücken")
	MsgPracticeOnly         = newMsg("practice_only", "Nur im Übungsmodus verfügbar")
	MsgExamOnly             = newMsg("exam_only", "Nur in der Prüfung verfügbar")
	MsgExamPassMark         = newMsg("exam_pass_mark_invalid", "Die Bestehensgrenze muss zwischen {min} und {max} % liegen.")
	MsgChatCompleted        = newMsg("conversation_completed", "Dieser Chat ist bereits abgeschlossen.")
	MsgNothingToRate        = newMsg("nothing_to_rate", "Es gibt noch keine Antwort, die bewertet werden kann.")
	MsgChatLimit            = newMsg("chat_limit", "Monatslimit erreicht")
	MsgChatLimitDetails     = newMsg("chat_limit_details", "Du hast dein monatliches Chat-Limit ({quota}) erreicht. Bitte upgrade dein Abo, um weitere Chats zu starten.")
	// MsgChatLimitRenews stands for MsgChatLimitDetails where no plan can be
	// bought on the installation: it says when the quota renews.
	MsgChatLimitRenews = newMsg("chat_limit_renews", "Du hast dein monatliches Chat-Limit ({quota}) erreicht. Ab dem {date} kannst du wieder Chats starten.")

	// MsgChatBusy answers a request on a chat that another request (a second
	// tab, say) is changing right now: its message was not stored.
	MsgChatBusy = newMsg("conversation_busy", "In diesem Chat wird gerade eine andere Nachricht beantwortet. Warte die Antwort ab und sende deine Nachricht dann erneut.")

	// The AI customer's engine (the specification's texts).
	MsgReplyFailed         = newMsg("reply_failed", "Leider ist ein Fehler aufgetreten.")
	MsgCustomerUnreachable = newMsg("customer_unreachable", "Der KI-Kunde ist gerade nicht erreichbar. Bitte versuche es in einem Moment erneut.")
	MsgAssessmentFailed    = newMsg("assessment_failed", "Auswertung des Scores fehlgeschlagen.")
	MsgEvaluationFailed    = newMsg("evaluation_failed", "Bewertung konnte nicht gelesen werden.")
	MsgEvaluateFailed      = newMsg("evaluate_failed", "Bewertung fehlgeschlagen.")
	MsgHintFailed          = newMsg("hint_failed", "Tipp konnte nicht geladen werden.")
	MsgPerfectFailed       = newMsg("perfect_failed", "Fehler beim Abrufen der Empfehlung.")
	MsgSummaryFailed       = newMsg("summary_failed", "Analyse fehlgeschlagen.")
	MsgNoSummary           = newMsg("summary_empty", "Keine Zusammenfassung erhalten.")
	MsgNoAnswerToRate      = newMsg("answer_missing", "Keine Antwort zum Bewerten.")
	MsgTrainerCancelled    = newMsg("trainer_cancelled", "Der Trainer wurde abgebrochen.")
	MsgUnknownReplyKind    = newMsg("reply_kind_unknown", "Unbekannte Art der Antwort.")
	// The admin's engine check.
	MsgEngineBadURL      = newMsg("engine_url_invalid", "Die Adresse des Modellservers ist ungültig.")
	MsgEngineUnreachable = newMsg("engine_unreachable", "Der Modellserver ist nicht erreichbar.")
	MsgEngineTimeout     = newMsg("engine_timeout", "Der Modellserver hat nicht innerhalb von {seconds} Sekunden geantwortet.")
	MsgEngineStatus      = newMsg("engine_status", "Der Modellserver antwortete mit Status {status}.")
	MsgEngineRefused     = newMsg("engine_key_refused", "Der Modellserver hat den API-Schlüssel abgelehnt (Status {status}).")

	// Voice: speech-to-text and text-to-speech (the specification's texts
	// where it has them).
	MsgSTTFailed       = newMsg("stt_failed", "Spracherkennung fehlgeschlagen. Bitte erneut versuchen.")
	MsgTTSFailed       = newMsg("tts_failed", "Die Sprachausgabe ist fehlgeschlagen.")
	MsgSTTUnavailable  = newMsg("stt_not_configured", "Die Spracherkennung ist auf diesem Server nicht eingerichtet.")
	MsgTTSUnavailable  = newMsg("tts_not_configured", "Die Sprachausgabe ist auf diesem Server nicht eingerichtet.")
	MsgAudioMissing    = newMsg("audio_missing", "Bitte sende eine Aufnahme.")
	MsgAudioEmpty      = newMsg("audio_empty", "Die Aufnahme ist leer.")
	MsgAudioType       = newMsg("audio_type", "Nur WebM-, Ogg- oder WAV-Aufnahmen sind erlaubt.")
	MsgAudioInvalid    = newMsg("audio_invalid", "Die Aufnahme konnte nicht gelesen werden.")
	MsgAudioTooLarge   = newMsg("audio_too_large", "Die Aufnahme ist zu groß (max. {max} MB).")
	MsgAudioTooLong    = newMsg("audio_too_long", "Die Aufnahme ist zu lang (max. {seconds} Sekunden).")
	MsgSpeechTextEmpty = newMsg("speech_text_empty", "Der Text ist leer.")
	MsgSpeechTextLong  = newMsg("speech_text_too_long", "Der Text ist zu lang (max. {max} Zeichen).")
	MsgVoiceInvalid    = newMsg("voice_invalid", "Unbekannte Stimme.")
	MsgVoiceEngine     = newMsg("voice_engine_invalid", "Bitte wähle die Sprachengine standard oder neural.")
	MsgLanguageCode    = newMsg("language_code_invalid", "Ungültiger Sprachcode.")
	MsgSpeechFormat    = newMsg("speech_format_invalid", "Die Sprachausgabe gibt es nur im Format mp3.")
	MsgSampleRate      = newMsg("sample_rate_invalid", "Bitte wähle die Abtastrate 8000, 16000, 22050 oder 24000.")
	MsgTextType        = newMsg("text_type_invalid", "Gesprochen wird nur reiner Text (text), kein SSML.")
	MsgCallNotFound    = newMsg("voice_call_not_found", "Telefonat nicht gefunden.")

	// Feedback.
	MsgFeedbackEmpty       = newMsg("feedback_empty", "Nachricht darf nicht leer sein")
	MsgFeedbackTooLong     = newMsg("feedback_too_long", "Die Nachricht darf höchstens {max} Zeichen lang sein.")
	MsgFeedbackSubject     = newMsg("feedback_subject_too_long", "Der Betreff darf höchstens {max} Zeichen lang sein.")
	MsgFeedbackName        = newMsg("feedback_name_too_long", "Der Name darf höchstens {max} Zeichen lang sein.")
	MsgEmailAddressInvalid = newMsg("email_address_invalid", "Bitte gib eine gültige E-Mail-Adresse an.")
	MsgFeedbackType        = newMsg("feedback_type_unknown", "Unbekannte Kategorie.")
	MsgFeedbackNotFound    = newMsg("feedback_not_found", "Feedback nicht gefunden.")

	// Back-office.
	MsgUserNotFound        = newMsg("user_not_found", "Benutzer nicht gefunden.")
	MsgNotOnSelf           = newMsg("not_on_self", "Das kannst du nicht an deinem eigenen Konto ändern.")
	MsgEmailRegistered     = newMsg("email_registered", "Diese E-Mail-Adresse ist bereits registriert.")
	MsgFirstNameMissing    = newMsg("first_name_missing", "Vorname ist erforderlich.")
	MsgLastNameMissing     = newMsg("last_name_missing", "Nachname ist erforderlich.")
	MsgInviteNotSent       = newMsg("invitation_not_sent", "Das Konto wurde angelegt, aber die Einladung konnte nicht gesendet werden.")
	MsgInviteNotSentHint   = newMsg("invitation_not_sent_hint", "Über 'Passwort vergessen' kann die Person sich selbst einen Link schicken.")
	MsgFirstNameTooLong    = newMsg("first_name_too_long", "Der Vorname darf höchstens {max} Zeichen lang sein.")
	MsgLastNameTooLong     = newMsg("last_name_too_long", "Der Nachname darf höchstens {max} Zeichen lang sein.")
	MsgUnknownMetric       = newMsg("metric_unknown", "Unbekannte Metrik.")
	MsgUnknownSource       = newMsg("source_unknown", "Unbekannte Quelle.")
	MsgVitalsCount         = newMsg("vitals_count_invalid", "Bitte 1 bis {max} Messwerte senden.")
	MsgVitalValue          = newMsg("vital_value_out_of_range", "Der Messwert muss zwischen 0 und {max} liegen.")
	MsgChallengeNotFound   = newMsg("challenge_not_found", "Challenge nicht gefunden.")
	MsgChallengeName       = newMsg("challenge_name_too_long", "Der Name darf höchstens {max} Zeichen lang sein.")
	MsgChallengeIcon       = newMsg("challenge_icon_invalid", "Ungültiges Icon.")
	MsgChallengeDesc       = newMsg("challenge_description_too_long", "Die Beschreibung darf höchstens {max} Zeichen lang sein.")
	MsgChallengeTarget     = newMsg("challenge_target_invalid", "Das Ziel muss zwischen 0 und {max} liegen.")
	MsgTooManyChallenges   = newMsg("challenges_too_many", "Höchstens {max} Challenges auf einmal.")
	MsgPresetNotFound      = newMsg("tone_preset_not_found", "Tonvorgabe nicht gefunden.")
	MsgPresetName          = newMsg("tone_preset_name_too_long", "Der Name darf höchstens {max} Zeichen lang sein.")
	MsgPresetDesc          = newMsg("tone_preset_description_too_long", "Die Beschreibung darf höchstens {max} Zeichen lang sein.")
	MsgPresetTaken         = newMsg("tone_preset_taken", "Diesen Namen gibt es schon.")
	MsgPromoCodeFormat     = newMsg("promo_code_format", "Der Code muss 3–32 Zeichen aus Buchstaben, Ziffern, - und _ haben.")
	MsgPromoCodeEmpty      = newMsg("promo_code_missing", "Der Code fehlt.")
	MsgPromoPlan           = newMsg("promo_plan_unknown", "Unbekannter Plan.")
	MsgPromoMax            = newMsg("promo_limit_invalid", "Das Limit muss mindestens 1 sein.")
	MsgPromoMaxBelow       = newMsg("promo_limit_below_redemptions", "Das Limit liegt unter den bisherigen Einlösungen.")
	MsgPromoValidUntil     = newMsg("promo_expiry_past", "Das Ablaufdatum muss in der Zukunft liegen.")
	MsgPromoDescription    = newMsg("promo_description_too_long", "Die Beschreibung darf höchstens {max} Zeichen lang sein.")
	MsgPromoTaken          = newMsg("promo_code_taken", "Diesen Code gibt es schon.")
	MsgPromoNotFound       = newMsg("promo_not_found", "Promo-Code nicht gefunden.")
	MsgPromoUnknown        = newMsg("promo_code_invalid", "Ungültiger Promo-Code.")
	MsgPromoUsedUp         = newMsg("promo_code_used_up", "Dieser Promo-Code ist aufgebraucht.")
	MsgPromoRedeemed       = newMsg("promo_code_redeemed", "Du hast diesen Promo-Code bereits eingelöst.")
	MsgSubscriptionTaken   = newMsg("subscription_taken", "Dieses Abo gehört zu einem anderen Konto.")
	MsgSubscriptionMissing = newMsg("subscription_not_found", "Kein Abo gefunden.")
	MsgPayPalIDMissing     = newMsg("paypal_id_missing", "PayPal-Abo-ID fehlt.")
	// Billing. The alerts of the specification's catalogue are verbatim.
	MsgPaymentsOff        = newMsg("payments_not_configured", "Zahlungen sind nicht eingerichtet.")
	MsgPayPalDown         = newMsg("paypal_unavailable", "PayPal ist gerade nicht erreichbar. Bitte später erneut versuchen.")
	MsgConfirmFailed      = newMsg("subscription_confirm_failed", "Abo konnte nicht bestätigt werden. Bitte später erneut versuchen.")
	MsgReviseFailed       = newMsg("subscription_revise_failed", "Plan-Wechsel fehlgeschlagen")
	MsgCancelRetry        = newMsg("subscription_cancel_retry", "Abo-Kündigung fehlgeschlagen. Bitte später erneut versuchen.")
	MsgCancelFailed       = newMsg("subscription_cancel_failed", "Abo-Kündigung fehlgeschlagen.")
	MsgUncancelFailed     = newMsg("subscription_uncancel_failed", "Kündigung konnte nicht zurückgenommen werden.")
	MsgSubscriptionID     = newMsg("subscription_id_invalid", "Ungültige Abo-ID.")
	MsgSubscriptionPlan   = newMsg("subscription_plan_foreign", "Dieses Abo gehört zu keinem unserer Pläne.")
	MsgSubscriptionStatus = newMsg("subscription_status_invalid", "Dieses Abo ist nicht freigegeben.")
	MsgSubscriptionExists = newMsg("subscription_exists", "Du hast bereits ein Abo.")
	MsgPromoRequired      = newMsg("promo_code_required", "Für diesen Plan fehlt ein gültiger Promo-Code.")
	MsgPromoUnavailable   = newMsg("promo_unavailable", "Promo nicht verfügbar.")
	MsgWebhookUnverified  = newMsg("webhook_unverified", "Webhook nicht verifiziert.")
	MsgNegativeProgress   = newMsg("progress_negative", "Fortschritt kann nicht abgezogen werden.")
	MsgReferralNotFound   = newMsg("referral_not_found", "Einladungscode nicht gefunden.")

	// MsgWaiverRequired refuses a paid plan's start without the buyer's
	// express request that the service begin before the withdrawal period
	// ends (issue 25 point 15).
	MsgWaiverRequired = newMsg("withdrawal_waiver_required", "Bitte bestätige, dass die Leistung vor Ablauf der Widerrufsfrist beginnen soll und du dadurch dein Widerrufsrecht verlierst.")
)

// Data export and account deletion (issue 17).
var (
	MsgDeleteCancelFailed  = newMsg("account_delete_subscription_failed", "Dein Abo konnte nicht gekündigt werden. Das Konto wurde nicht gelöscht. Bitte versuche es später erneut.")
	MsgDeleteConfirm       = newMsg("account_delete_confirm", "Bitte tippe LÖSCHEN ein, um zu bestätigen.")
	MsgDeletePasswordWrong = newMsg("account_delete_password_wrong", "Das Passwort ist falsch.")
	MsgDeleteNeedsPassword = newMsg("account_delete_needs_password", "Dein Konto hat kein Passwort. Lege über „Passwort vergessen“ eines fest und lösche das Konto dann.")
	MsgDeleteSelf          = newMsg("account_delete_self", "Du kannst dein eigenes Konto hier nicht löschen.")
	MsgDeleteStorageFailed = newMsg("account_delete_storage_failed", "Das Profilbild konnte nicht gelöscht werden. Das Konto wurde nicht gelöscht. Bitte versuche es später erneut.")
	// MsgDeleteReauthRequired asks a user without a password for a fresh
	// Google/Apple sign-in (none made, used, expired, or of another session).
	MsgDeleteReauthRequired = newMsg("account_delete_reauth_required", "Bitte bestätige zuerst mit Google oder Apple, dass du es bist.")
	// MsgReauthNotLinked refuses a re-authentication by a provider the
	// account is not linked to.
	MsgReauthNotLinked = newMsg("reauth_not_linked", "Dein Konto ist nicht mit diesem Anbieter verbunden.")
	// MsgReauthUsePassword refuses a Google/Apple re-authentication to a
	// user who has a password: deletion asks for the password.
	MsgReauthUsePassword = newMsg("reauth_use_password", "Bitte bestätige mit deinem Passwort.")
)
