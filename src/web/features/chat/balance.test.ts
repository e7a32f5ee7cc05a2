import { describe, expect, it } from 'vitest';
import { balanceNotice, LOW_BALANCE_MESSAGES } from './balance.ts';

describe('C-03 the balance before the next message', () => {
  it('C-03 says nothing while the balance covers more than three messages', () => {
    expect(balanceNotice(100, 1, true)).toBeNull();
    expect(balanceNotice(LOW_BALANCE_MESSAGES + 1, 1, true)).toBeNull();
    expect(balanceNotice(8, 2, true)).toBeNull();
  });

  it('C-03 a gentle "nog 3 credits" notice before the balance reaches 0, counted in messages', () => {
    expect(balanceNotice(3, 1, true)).toEqual({ kind: 'low', messages: 3 });
    expect(balanceNotice(1, 1, true)).toEqual({ kind: 'low', messages: 1 });
    expect(balanceNotice(7, 2, true)).toEqual({ kind: 'low', messages: 3 });
    expect(balanceNotice(2, 2, true)).toEqual({ kind: 'low', messages: 1 });
  });

  it('C-03 the way to buy before a send is refused, once the next message is not covered', () => {
    expect(balanceNotice(0, 1, true)).toEqual({ kind: 'out' });
    expect(balanceNotice(1, 2, true)).toEqual({ kind: 'out' });
  });

  it('C-03 free members (free messages first) and free messages get no notice', () => {
    expect(balanceNotice(0, 1, false)).toBeNull();
    expect(balanceNotice(0, 0, true)).toBeNull();
  });
});
