import { describe, expect, it } from 'vitest';
import { isCurrentPath } from './components/route-link.tsx';

// L-01: the navigation marks the current page (aria-current) as react-router's NavLink did.
describe('L-01 isCurrentPath', () => {
  it('marks the page itself and the pages below it, not its neighbours', () => {
    expect(isCurrentPath('/likes', '/likes')).toBe(true);
    expect(isCurrentPath('/likes/matches', '/likes')).toBe(true);
    expect(isCurrentPath('/likes-old', '/likes')).toBe(false);
    expect(isCurrentPath('/members/12', '/members')).toBe(true);
    expect(isCurrentPath('/Members', '/members')).toBe(true);
  });
  it('with end only the page itself; the home link only on the home page', () => {
    expect(isCurrentPath('/likes/matches', '/likes', true)).toBe(false);
    expect(isCurrentPath('/likes', '/likes', true)).toBe(true);
    expect(isCurrentPath('/members', '/')).toBe(false);
    expect(isCurrentPath('/', '/')).toBe(true);
  });
  it('ignores the query and fragment of the link', () => {
    expect(isCurrentPath('/credits', '/credits?from=chat')).toBe(true);
    expect(isCurrentPath('/faq', '/faq#payments')).toBe(true);
  });
});
