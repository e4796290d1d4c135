import { describe, expect, it } from 'vitest';
import { translate, type TFunction } from './i18n';
import { PROFILE_STATUS_KEYS, subscriptionStatusLabel } from './subscription-status';

const de: TFunction = (key, vars) => translate('de', key, vars);
const en: TFunction = (key, vars) => translate('en', key, vars);

describe('subscriptionStatusLabel', () => {
  it("says PayPal's statuses in German, not 'active'", () => {
    const keys = PROFILE_STATUS_KEYS;
    const statuses = ['ACTIVE', 'active', 'APPROVAL_PENDING', 'APPROVED', 'SUSPENDED', 'CANCELLED', 'EXPIRED'];
    expect(statuses.map((s) => subscriptionStatusLabel(de, keys, s))).toEqual([
      'aktiv',
      'aktiv',
      'wartet auf Bestätigung',
      'bestätigt',
      'pausiert',
      'gekündigt',
      'abgelaufen',
    ]);
  });

  it('and in English', () => {
    expect(['active', 'cancelled'].map((s) => subscriptionStatusLabel(en, PROFILE_STATUS_KEYS, s))).toEqual(['active', 'cancelled']);
  });

  it('shows a status PayPal may add later as it comes, lower-cased', () => {
    expect(subscriptionStatusLabel(de, PROFILE_STATUS_KEYS, 'PAUSED_BY_BANK')).toBe('paused_by_bank');
  });
});
