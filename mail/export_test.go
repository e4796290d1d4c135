package mail

// SetIdleHook makes Run call f each time it starts to wait.
func SetIdleHook(o *Outbox, f func()) { o.idle = f }
