import type { Tier } from './api';

/**
 * A plan change (Plus ↔ Elite) waits for the buyer's approval at PayPal,
 * which happens on PayPal's page: the browser leaves the app and comes back
 * to /app/dashboard?paypal=revised. This sessionStorage record carries what
 * was asked for across that round trip, so the profile can say that the new
 * plan shows once PayPal reports it, and notice when it does.
 */
const KEY = 'sc.planChange';

/** How long a change waits to be reported before the profile stops saying so. */
export const PLAN_CHANGE_TTL_MS = 60 * 60 * 1000;

export interface PlanChange {
  /** PayPal's subscription id. */
  paypalId: string;
  /** The plan asked for. */
  to: Tier;
  /** When it was asked for (ms since the epoch). */
  since: number;
  /** PayPal sent the buyer back (approved); false while at PayPal or after a cancel there. */
  returned: boolean;
}

function read(): PlanChange | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<PlanChange>;
    if (typeof v.paypalId !== 'string' || (v.to !== 'plus' && v.to !== 'elite') || typeof v.since !== 'number') {
      return null;
    }
    return { paypalId: v.paypalId, to: v.to, since: v.since, returned: v.returned === true };
  } catch {
    return null;
  }
}

function write(change: PlanChange | null): void {
  try {
    if (change) window.sessionStorage.setItem(KEY, JSON.stringify(change));
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // storage disabled: the profile just does not mention the pending change
  }
}

/** Remembers the change before the browser goes to PayPal's approval page. */
export function rememberPlanChange(paypalId: string, to: Tier, now = Date.now()): void {
  write({ paypalId, to, since: now, returned: false });
}

/** PayPal sent the buyer back after approving (…?paypal=revised). */
export function markPlanChangeReturned(): void {
  const change = read();
  if (change) write({ ...change, returned: true });
}

/** The approved change still waiting for PayPal's report, or null. */
export function pendingPlanChange(now = Date.now()): PlanChange | null {
  const change = read();
  if (!change?.returned) return null;
  if (now - change.since > PLAN_CHANGE_TTL_MS) {
    write(null);
    return null;
  }
  return change;
}

export function forgetPlanChange(): void {
  write(null);
}
