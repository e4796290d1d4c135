package billing

import (
	"context"
	"errors"
	"fmt"

	"salescoach"
)

// CancelForDeletion cancels, for good and at once, every subscription of
// subs that is not final at PayPal, before the account that owns them is
// deleted (with the team it owns): no period end is kept, because no
// account is left to use it. The first failure stops it, so that the caller
// deletes nothing while PayPal may still charge (see cancelForGood).
//
// Errors: EUNAVAILABLE with MsgDeleteCancelFailed when an open subscription
// exists but payments are not configured, or PayPal cannot be reached or
// refuses.
func (s *Service) CancelForDeletion(ctx context.Context, subs []*salescoach.Subscription) error {
	return s.cancelForGood(ctx, subs, deletion{what: "account deletion", reason: "Account deleted by its owner",
		failed: salescoach.MsgDeleteCancelFailed})
}

// CancelTeamForDeletion is CancelForDeletion for the subscriptions of a
// team its owner deletes (DELETE /api/team): the team plan's seats end with
// the team, so PayPal stops charging for them at once.
//
// Errors: EUNAVAILABLE with MsgTeamDeleteCancelFailed, as CancelForDeletion.
func (s *Service) CancelTeamForDeletion(ctx context.Context, subs []*salescoach.Subscription) error {
	return s.cancelForGood(ctx, subs, deletion{what: "team deletion", reason: "Team deleted by its owner",
		failed: salescoach.MsgTeamDeleteCancelFailed})
}

// deletion says what is deleted: for the log, PayPal's reason and the
// error's message.
type deletion struct {
	what, reason string
	failed       salescoach.Msg
}

// cancelForGood cancels at PayPal each subscription of subs that can still
// bill. A subscription PayPal no longer knows or reports final needs
// nothing, and neither does one still awaiting the buyer's approval (a
// team checkout left at PayPal's page): PayPal cancels only active or
// suspended ones, and nothing is charged before the approval.
func (s *Service) cancelForGood(ctx context.Context, subs []*salescoach.Subscription, d deletion) error {
	for _, sub := range subs {
		if salescoach.SubscriptionFinal(sub.Status) {
			continue
		}
		if !s.Configured() {
			return salescoach.NewError(salescoach.EUNAVAILABLE, d.failed)
		}
		r, err := s.PayPal.Subscription(ctx, sub.PayPalID)
		if err != nil {
			if pe := (*ProviderError)(nil); errors.As(err, &pe) && pe.NotFound() {
				continue
			}
			s.log().Warn(d.what+": subscription read failed", "subscription", sub.PayPalID, "err", err)
			return cancelFailed(err, d.failed)
		}
		if salescoach.SubscriptionFinal(r.Status) || r.Status == salescoach.SubscriptionApprovalPending {
			continue
		}
		if err := s.PayPal.Cancel(ctx, sub.PayPalID, d.reason, requestID("delete", r, "")); err != nil {
			s.log().Warn(d.what+": subscription cancel failed", "subscription", sub.PayPalID, "err", err)
			return cancelFailed(err, d.failed)
		}
		s.log().Info(d.what+": subscription cancelled", "user", sub.UserID, "subscription", sub.PayPalID)
	}
	return nil
}

// cancelFailed is the error of a failed cancellation before a deletion,
// keeping the cause for the log.
func cancelFailed(cause error, msg salescoach.Msg) error {
	e := salescoach.NewError(salescoach.EUNAVAILABLE, msg)
	e.RetryAfter = 30
	return fmt.Errorf("%w: %w", e, cause)
}
