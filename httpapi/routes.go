package httpapi

import "net/http"

// routes lists the whole HTTP surface in one place.
func (s *Server) routes(mux *http.ServeMux) {
	// Health.
	mux.HandleFunc("GET /healthz", s.handleHealthz)
	mux.Handle("GET /readyz", s.handle(s.handleReadyz))

	// Accounts and sessions.
	mux.HandleFunc("GET /api/auth/providers", s.handleProviders)
	mux.Handle("POST /api/auth/signup", s.handle(s.handleSignup))
	mux.Handle("POST /api/auth/confirm", s.handle(s.handleConfirm))
	mux.Handle("POST /api/auth/login", s.handle(s.handleLogin))
	mux.Handle("POST /api/auth/refresh", s.handle(s.handleRefresh))
	mux.Handle("POST /api/auth/logout", s.handle(s.handleLogout))
	mux.Handle("POST /api/auth/recover", s.handle(s.handleRecover))
	mux.Handle("POST /api/auth/reset", s.handle(s.handleReset))
	mux.Handle("POST /api/auth/anonymous", s.handle(s.handleAnonymous))
	mux.Handle("POST /api/auth/upgrade", s.requireUser(s.handleUpgrade))
	mux.Handle("GET /api/auth/oauth/{provider}", s.handle(s.handleOAuthStart))
	mux.HandleFunc("GET /api/auth/oauth/{provider}/callback", s.handleOAuthCallback)
	mux.HandleFunc("POST /api/auth/oauth/{provider}/callback", s.handleOAuthCallback)
	mux.Handle("GET /api/auth/user", s.requireUser(s.handleAuthUser))
	mux.Handle("GET /api/auth/is-admin", s.requireUser(s.handleIsAdmin))
	mux.Handle("POST /api/auth/totp", s.handle(s.handleTOTPSignIn))
	mux.Handle("POST /api/auth/sso/start", s.handle(s.handleSSOStart))
	mux.HandleFunc("GET /api/auth/sso/callback", s.handleSSOCallback)
	mux.HandleFunc("POST /api/auth/sso/callback", s.handleSSOCallback)
	mux.Handle("GET /api/auth/sso/link", s.handle(s.handleSSOLinkInfo))
	mux.Handle("POST /api/auth/sso/link", s.handle(s.handleSSOLink))

	// Consent and terms.
	mux.Handle("POST /api/consent", s.handle(s.handleConsent))
	mux.Handle("POST /api/me/terms", s.requireUser(s.handleAcceptTerms))

	// The signed-in user.
	mux.Handle("GET /api/me", s.requireUserProfile(s.handleMe))
	mux.Handle("PATCH /api/me", s.requireUserProfile(s.handlePatchMe))
	mux.Handle("PUT /api/me/avatar", s.requireUser(s.handlePutAvatar))
	mux.Handle("DELETE /api/me/avatar", s.requireUser(s.handleDeleteAvatar))
	mux.Handle("POST /api/me/streak", s.requireUser(s.handleStreak))

	mux.Handle("GET /api/me/usage", s.requireUser(s.handleUsage))
	mux.Handle("GET /api/me/progress", s.requireUser(s.handleProgress))
	mux.Handle("DELETE /api/me/history", s.requireUser(s.handleDeleteHistory))
	mux.Handle("GET /api/me/export", s.requireUser(s.handleExport))
	mux.Handle("POST /api/me/delete", s.requireUser(s.handleDeleteMe))
	mux.Handle("GET /api/me/reauth", s.requireUser(s.handleReauthStatus))
	mux.Handle("POST /api/me/reauth/{provider}", s.requireUser(s.handleReauthStart))

	// Two-factor sign-in (authenticator app).
	mux.Handle("GET /api/me/totp", s.requireUser(s.handleTOTPStatus))
	mux.Handle("POST /api/me/totp", s.requireUser(s.handleTOTPStart))
	mux.Handle("POST /api/me/totp/confirm", s.requireUser(s.handleTOTPConfirm))
	mux.Handle("POST /api/me/totp/disable", s.requireUser(s.handleTOTPDisable))
	mux.Handle("POST /api/me/totp/recovery-codes", s.requireUser(s.handleRecoveryCodes))

	// Chats.
	mux.Handle("GET /api/chat/preflight", s.requireUser(s.handlePreflight))
	mux.Handle("POST /api/chat", s.requireUser(s.handleChat))
	mux.Handle("GET /api/conversations", s.requireUser(s.handleConversations))
	mux.Handle("GET /api/conversations/{id}", s.requireUser(s.handleConversation))
	mux.Handle("PATCH /api/conversations/{id}", s.requireUser(s.handleRename))
	mux.Handle("DELETE /api/conversations/{id}", s.requireUser(s.handleDeleteConversation))
	mux.Handle("POST /api/conversations/{id}/score", s.requireUser(s.handleScore))
	mux.Handle("POST /api/conversations/{id}/hint", s.requireUser(s.handleHint))
	mux.Handle("POST /api/conversations/{id}/perfect-message", s.requireUser(s.handlePerfectMessage))
	mux.Handle("POST /api/conversations/{id}/evaluation", s.requireUser(s.handleEvaluation))
	mux.Handle("POST /api/conversations/{id}/finish", s.requireUser(s.handleFinish))
	mux.Handle("POST /api/product-summary", s.requireUser(s.handleProductSummary))

	// Voice training.
	mux.Handle("GET /api/voice", s.requireUser(s.handleVoice))
	mux.Handle("POST /api/stt", s.requireUser(s.handleSTT))
	mux.Handle("POST /api/tts", s.requireUser(s.handleTTS))
	mux.Handle("POST /api/voice/calls", s.requireUser(s.handleStartCall))
	mux.Handle("POST /api/voice/calls/{id}/finish", s.requireUser(s.handleFinishCall))

	// Live updates.
	mux.Handle("GET /api/realtime", s.requireUser(s.handleRealtime))

	// Catalogues.
	mux.Handle("GET /api/tone-presets", s.requireUser(s.handleTonePresets))
	mux.Handle("GET /api/challenges", s.requireUser(s.handleChallenges))

	// Referrals.
	mux.Handle("POST /api/referrals/code", s.requireUser(s.handleReferralCode))
	mux.Handle("GET /api/referrals", s.requireUser(s.handleReferrals))
	mux.Handle("GET /api/referrals/code", s.requireUser(s.handleExistingReferralCode))

	// Billing.
	mux.Handle("GET /api/subscription", s.requireUser(s.handleSubscription))
	mux.Handle("GET /api/paypal/config", s.requireUser(s.handlePayPalConfig))
	mux.Handle("POST /api/paypal/subscriptions/confirm", s.requireUser(s.handlePayPalConfirm))
	mux.Handle("POST /api/paypal/subscriptions/revise", s.requireUser(s.handlePayPalRevise))
	mux.Handle("POST /api/paypal/subscriptions/cancel", s.requireUser(s.handlePayPalCancel))
	mux.Handle("POST /api/paypal/subscriptions/uncancel", s.requireUser(s.handlePayPalUncancel))
	mux.Handle("POST /api/paypal/webhook", s.handle(s.handlePayPalWebhook))
	mux.Handle("POST /api/promo/validate", s.requireUser(s.handlePromoValidate))

	// Scenarios.
	mux.Handle("GET /api/scenarios", s.requireUser(s.handleScenarios))
	mux.Handle("POST /api/scenarios", s.requireUser(s.handleCreateScenario))
	mux.Handle("POST /api/scenarios/import", s.requireUser(s.handleImportScenario))
	mux.Handle("POST /api/scenarios/preview", s.requireUser(s.handlePreviewScenario))
	mux.Handle("GET /api/scenarios/{id}", s.requireUser(s.handleScenario))
	mux.Handle("PATCH /api/scenarios/{id}", s.requireUser(s.handlePatchScenario))
	mux.Handle("DELETE /api/scenarios/{id}", s.requireUser(s.handleDeleteScenario))
	mux.Handle("GET /api/scenarios/{id}/export", s.requireUser(s.handleExportScenario))

	// Feedback.
	mux.Handle("POST /api/feedback", s.handle(s.handleFeedback))
	mux.Handle("GET /api/feedback", s.requireUser(s.handleOwnFeedback))

	// Admin back-office.
	mux.Handle("GET /api/admin/overview", s.requireAdmin(s.handleAdminOverview))
	mux.Handle("GET /api/admin/users", s.requireAdmin(s.handleAdminUsers))
	mux.Handle("GET /api/admin/teams", s.requireAdmin(s.handleAdminTeams))
	mux.Handle("POST /api/admin/teams/{teamId}/sso/disable", s.requireAdmin(s.handleAdminDisableTeamSSO))
	mux.Handle("POST /api/admin/users", s.requireAdmin(s.handleAdminCreateUser))
	mux.Handle("PATCH /api/admin/users/{id}", s.requireAdmin(s.handleAdminPatchUser))
	mux.Handle("DELETE /api/admin/users/{id}", s.requireAdmin(s.handleAdminDeleteUser))
	mux.Handle("GET /api/admin/conversations", s.requireAdmin(s.handleAdminConversations))
	mux.Handle("GET /api/admin/conversations/{id}", s.requireAdmin(s.handleAdminConversation))
	mux.Handle("GET /api/admin/challenges", s.requireAdmin(s.handleAdminChallenges))
	mux.Handle("PUT /api/admin/challenges", s.requireAdmin(s.handleAdminPutChallenges))
	mux.Handle("GET /api/admin/usage", s.requireAdmin(s.handleAdminUsage))
	mux.Handle("GET /api/admin/analytics", s.requireAdmin(s.handleAdminAnalytics))
	mux.Handle("GET /api/admin/page-visits", s.requireAdmin(s.handleAdminPageVisits))
	mux.Handle("GET /api/admin/web-vitals", s.requireAdmin(s.handleAdminWebVitals))
	mux.Handle("GET /api/admin/compliance", s.requireAdmin(s.handleAdminCompliance))
	mux.Handle("GET /api/admin/feedback", s.requireAdmin(s.handleAdminFeedback))
	mux.Handle("PATCH /api/admin/feedback/{id}", s.requireAdmin(s.handleAdminFeedbackStatus))
	mux.Handle("GET /api/admin/settings", s.requireAdmin(s.handleAdminSettings))
	mux.Handle("POST /api/admin/settings/engine-check", s.requireAdmin(s.handleAdminEngineCheck))
	mux.Handle("PATCH /api/admin/settings", s.requireAdmin(s.handleAdminUpdateSettings))
	mux.Handle("GET /api/admin/tone-presets", s.requireAdmin(s.handleAdminTonePresets))
	mux.Handle("POST /api/admin/tone-presets", s.requireAdmin(s.handleAdminCreateTonePreset))
	mux.Handle("PATCH /api/admin/tone-presets/{id}", s.requireAdmin(s.handleAdminPatchTonePreset))
	mux.Handle("DELETE /api/admin/tone-presets/{id}", s.requireAdmin(s.handleAdminDeleteTonePreset))
	mux.Handle("GET /api/admin/promo-codes", s.requireAdmin(s.handleAdminPromoCodes))
	mux.Handle("POST /api/admin/promo-codes", s.requireAdmin(s.handleAdminCreatePromoCode))
	mux.Handle("PATCH /api/admin/promo-codes/{id}", s.requireAdmin(s.handleAdminPatchPromoCode))

	// Teams (issue 27).
	mux.Handle("POST /api/teams", s.requireTeams(s.handleCreateTeam))
	mux.Handle("GET /api/team", s.requireTeams(s.handleMyTeam))
	mux.Handle("DELETE /api/team", s.requireTeams(s.handleDeleteTeam))
	mux.Handle("POST /api/team/invitations", s.requireTeams(s.handleInvite))
	mux.Handle("GET /api/team/invitations", s.requireTeams(s.handlePendingInvitations))
	mux.Handle("POST /api/team/invitations/{id}/resend", s.requireTeams(s.handleResendInvitation))
	mux.Handle("DELETE /api/team/invitations/{id}", s.requireTeams(s.handleRevokeInvitation))
	mux.Handle("POST /api/team/join", s.requireTeams(s.handleJoinTeam))
	mux.Handle("GET /api/team/invitation", s.handle(s.handleInvitationTeam))
	mux.Handle("POST /api/team/join-link", s.requireTeams(s.handleResetJoinLink))
	mux.Handle("GET /api/team/sso", s.requireSSO(s.handleGetTeamSSO))
	mux.Handle("PUT /api/team/sso", s.requireSSO(s.handlePutTeamSSO))
	mux.Handle("DELETE /api/team/sso", s.requireSSO(s.handleDeleteTeamSSO))
	mux.Handle("POST /api/team/sso/test", s.requireSSO(s.handleTestTeamSSO))
	mux.Handle("POST /api/team/sso/domains/verify", s.requireSSO(s.handleVerifySSODomain))
	mux.Handle("GET /api/team/members", s.requireTeams(s.handleTeamMembers))
	mux.Handle("GET /api/team/members/{userId}", s.requireTeams(s.handleTeamMember))
	mux.Handle("PATCH /api/team/members/{userId}", s.requireTeams(s.handleSetMemberRole))
	mux.Handle("DELETE /api/team/members/{userId}", s.requireTeams(s.handleRemoveMember))
	mux.Handle("POST /api/team/leave", s.requireTeams(s.handleLeaveTeam))
	mux.Handle("GET /api/team/conversations/{id}", s.requireTeams(s.handleTeamConversation))
	mux.Handle("GET /api/team/leaderboard", s.requireTeams(s.handleLeaderboard))
	mux.Handle("POST /api/team/assignments", s.requireAssignments(s.handleCreateAssignment))
	mux.Handle("GET /api/team/assignments", s.requireAssignments(s.handleTeamAssignments))
	mux.Handle("GET /api/me/assignments", s.requireAssignments(s.handleMyAssignments))
	mux.Handle("GET /api/team/progress", s.requireTeams(s.handleTeamProgress))
	mux.Handle("GET /api/team/seats", s.requireSeats(s.handleTeamSeats))
	mux.Handle("POST /api/team/seats", s.requireSeats(s.handleBuySeats))
	mux.Handle("PATCH /api/team/seats", s.requireSeats(s.handleReviseSeats))
	mux.Handle("POST /api/team/seats/confirm", s.requireSeats(s.handleConfirmSeats))
	mux.Handle("POST /api/team/seats/cancel", s.requireSeats(s.handleCancelSeats))
	mux.Handle("POST /api/team/seats/uncancel", s.requireSeats(s.handleUncancelSeats))
	mux.Handle("PUT /api/team/members/{userId}/seat", s.requireSeats(s.handleAssignSeat))
	mux.Handle("DELETE /api/team/members/{userId}/seat", s.requireSeats(s.handleUnassignSeat))
	mux.Handle("GET /api/conversations/{id}/share", s.requireTeams(s.handleConversationShare))
	mux.Handle("POST /api/conversations/{id}/share", s.requireTeams(s.handleShareConversation))
	mux.Handle("DELETE /api/conversations/{id}/share", s.requireTeams(s.handleUnshareConversation))

	// Tracking.
	mux.Handle("POST /api/track", s.handle(s.handleTrack))
	mux.Handle("POST /api/vitals", s.handle(s.handleVitals))

	// Anything else under /api is a JSON 404, never the app.
	mux.HandleFunc("/api/", s.handleAPINotFound)

	// Avatars of the local store (a bucket serves its own).
	mux.HandleFunc("GET /avatars/{userID}/{file}", s.handleAvatarFile)

	// The app, the landing page and the legal pages.
	mux.HandleFunc("GET /app", s.handleAppRedirect)
	mux.HandleFunc("GET /app/", s.handleApp)
	mux.HandleFunc("GET /{$}", s.handleLanding)
	mux.HandleFunc("GET /impressum", s.handleLegal("impressum"))
	mux.HandleFunc("GET /legal", s.handleLegal("terms"))
	mux.HandleFunc("GET /legal/privacy", s.handleLegal("privacy"))
	mux.HandleFunc("GET /legal/subprocessors", s.handleLegal("subprocessors"))
	mux.HandleFunc("GET /pages.css", s.handlePagesCSS)
}
