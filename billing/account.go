package billing

import (
	"context"
	"errors"
	"fmt"

	"salescoach"
)

// CancelForDeletion cancels, for good and at once, every subscription of
// subs that is not final at PayPal, before the account that owns them is
// deleted: no period end is kept, because no account is left to use it. A
// subscription PayPal no longer knows, or already reports final, needs
// nothing. The first failure stops it, so that the caller deletes nothing
// while PayPal may still charge.
//
// Errors: EUNAVAILABLE with MsgDeleteCancelFailed when an open subscription
// exists but payments are not configured, or PayPal cannot be reached or
// refuses.
func (s *Service) CancelForDeletion(ctx context.Context, subs []*salescoach.Subscription) error {
	for _, sub := range subs {
		if salescoach.SubscriptionFinal(sub.Status) {
			continue
		}
		if !s.Configured() {
			return salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgDeleteCancelFailed)
		}
		r, err := s.PayPal.Subscription(ctx, sub.PayPalID)
		if err != nil {
			if pe := (*ProviderError)(nil); errors.As(err, &pe) && pe.NotFound() {
				continue
			}
			s.log().Warn("account deletion: subscription read failed", "subscription", sub.PayPalID, "err", err)
			return deleteCancelFailed(err)
		}
		if salescoach.SubscriptionFinal(r.Status) {
			continue
		}
		if err := s.PayPal.Cancel(ctx, sub.PayPalID, "Account deleted by its owner", requestID("delete", r, "")); err != nil {
			s.log().Warn("account deletion: subscription cancel failed", "subscription", sub.PayPalID, "err", err)
			return deleteCancelFailed(err)
		}
		s.log().Info("account deletion: subscription cancelled", "user", sub.UserID, "subscription", sub.PayPalID)
	}
	return nil
}

// deleteCancelFailed is the error of a failed cancellation before a
// deletion, keeping the cause for the log.
func deleteCancelFailed(cause error) error {
	e := salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgDeleteCancelFailed)
	e.RetryAfter = 30
	return fmt.Errorf("%w: %w", e, cause)
}
