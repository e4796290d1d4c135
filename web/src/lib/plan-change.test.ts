import { describe, expect, it } from 'vitest';
import {
  forgetPlanChange,
  markPlanChangeReturned,
  pendingPlanChange,
  PLAN_CHANGE_TTL_MS,
  rememberPlanChange,
} from './plan-change';

describe('plan change across the trip to PayPal', () => {
  it('is pending only once PayPal sent the buyer back, and not after forgetting it', () => {
    rememberPlanChange('I-1', 'elite', 1000);
    expect(pendingPlanChange(2000)).toBeNull(); // still at PayPal, or cancelled there
    markPlanChangeReturned();
    expect(pendingPlanChange(2000)).toEqual({ paypalId: 'I-1', to: 'elite', since: 1000, returned: true });
    forgetPlanChange();
    expect(pendingPlanChange(2000)).toBeNull();
  });

  it('expires after an hour and ignores what it did not write', () => {
    rememberPlanChange('I-1', 'plus', 0);
    markPlanChangeReturned();
    expect(pendingPlanChange(PLAN_CHANGE_TTL_MS)).not.toBeNull();
    expect(pendingPlanChange(PLAN_CHANGE_TTL_MS + 1)).toBeNull();
    expect(pendingPlanChange(0)).toBeNull(); // dropped for good
    window.sessionStorage.setItem('sc.planChange', JSON.stringify({ paypalId: 'I-2', to: 'gold', since: 0, returned: true }));
    expect(pendingPlanChange(0)).toBeNull();
    window.sessionStorage.setItem('sc.planChange', '{not json');
    expect(pendingPlanChange(0)).toBeNull();
  });
});
