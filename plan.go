package salescoach

// Plans. The promo plan is Elite at a promotional price.
const (
	PlanFree  = "free"
	PlanPlus  = "plus"
	PlanElite = "elite"
)

// PlanQuota is the number of chats a plan may start per billing cycle.
func PlanQuota(plan string) int {
	switch plan {
	case PlanPlus:
		return 250
	case PlanElite:
		return 1000
	default:
		return 5
	}
}
