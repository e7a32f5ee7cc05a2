import { describe, expect, it } from 'vitest';
import { formatCountdown, inMembersArea, secondsLeft } from './time-bonus-rules.ts';

describe('Pay-09 time-bonus countdown and members area', () => {
  it('Pay-09 the countdown reads hh:mm:ss and never goes below zero', () => {
    expect(formatCountdown(14_400)).toBe('04:00:00');
    expect(formatCountdown(3_661)).toBe('01:01:01');
    expect(formatCountdown(59.9)).toBe('00:00:59');
    expect(formatCountdown(-5)).toBe('00:00:00');
  });

  it("Pay-09 seconds left count from the server's remaining time and the moment it answered", () => {
    expect(secondsLeft(100, 1_000, 1_000)).toBe(100);
    expect(secondsLeft(100, 1_000, 11_999)).toBe(90);
    expect(secondsLeft(100, 1_000, 500_000)).toBe(0);
  });

  it('Pay-09 only the members area shows the banner and popup', () => {
    expect(inMembersArea('/members')).toBe(true);
    expect(inMembersArea('/members/12')).toBe(true);
    expect(inMembersArea('/premium')).toBe(true);
    expect(inMembersArea('/credits')).toBe(false);
    expect(inMembersArea('/settings')).toBe(false);
    expect(inMembersArea('/')).toBe(false);
  });
});
