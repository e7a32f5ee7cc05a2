import { describe, expect, it } from 'vitest';
import { scrollKey } from './root-chrome.tsx';

describe('scroll positions (issue 11 item 7)', () => {
  it('L-01 a freshly opened page gets a key of its own, so it starts at the top', () => {
    const a = scrollKey({ key: 'default', pathname: '/members' }, true);
    expect(a).not.toBe('default');
    expect(a).toContain('/members');
  });

  it('L-01 a reload or back/forward keeps the key of its entry, and so its position', () => {
    expect(scrollKey({ key: 'default', pathname: '/members' }, false)).toBe('default');
    expect(scrollKey({ key: 'x7k2', pathname: '/members' }, true)).toBe('x7k2');
  });
});
