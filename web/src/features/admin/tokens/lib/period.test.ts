import { describe, expect, it } from 'vitest';
import { addDays, checkPeriod, formatDay, isDay, lastDays, presetOf } from './period';

const NOW = new Date('2025-06-30T23:30:00Z');

describe('token periods (UTC days)', () => {
  it('builds the last n days including today', () => {
    expect(lastDays(30, NOW)).toEqual({ from: '2025-06-01', to: '2025-06-30' });
    expect(lastDays(7, NOW)).toEqual({ from: '2025-06-24', to: '2025-06-30' });
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(presetOf({ from: '2025-04-02', to: '2025-06-30' }, NOW)).toBe(90);
    expect(presetOf({ from: '2025-04-03', to: '2025-06-30' }, NOW)).toBeNull();
  });

  it('checks days, their order and the 366-day span', () => {
    expect(isDay('2025-02-30')).toBe(false);
    expect(isDay('')).toBe(false);
    expect(checkPeriod({ from: '2025-06-01', to: '2025-06-01' })).toEqual({});
    expect(checkPeriod({ from: '', to: '2025-06-01' })).toEqual({ from: 'adminTokens.error.date' });
    expect(checkPeriod({ from: '2025-06-02', to: '2025-06-01' })).toEqual({ from: 'adminTokens.error.order' });
    expect(checkPeriod({ from: '2024-01-01', to: '2024-12-31' })).toEqual({});
    expect(checkPeriod({ from: '2024-01-01', to: '2025-01-01' })).toEqual({ from: 'adminTokens.error.span' });
  });

  it('formats a day in the UI language without shifting it', () => {
    expect(formatDay('2025-06-01', 'de')).toBe('01.06.2025');
    expect(formatDay('2025-06-01', 'en')).toBe('Jun 1, 2025');
  });
});
