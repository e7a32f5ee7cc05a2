import { useEffect } from 'react';
import { useMediaQuery } from '../../../components/use-media-query.ts';

/** Below Tailwind's `sm`: the signup asks one question per screen here (issue 11, decision 0015). */
const PHONE = '(max-width: 639.98px)';

/** Whether the screen is phone-sized, following rotation and resizing. */
export const usePhone = (): boolean => useMediaQuery(PHONE);

/**
 * Keeps `--kb` on the root element at the height the on-screen keyboard covers of the layout viewport
 * (0 when there is none), so a sticky bar with `bottom: var(--kb)` stays above the keyboard on phones whose
 * layout viewport does not shrink for it.
 */
export function useKeyboardInset(): void {
  useEffect(() => {
    const vv = window.visualViewport;
    if (!vv) return;
    const root = document.documentElement;
    const update = () => {
      const covered = Math.max(0, Math.round(window.innerHeight - vv.height - vv.offsetTop));
      root.style.setProperty('--kb', `${covered}px`);
    };
    update();
    vv.addEventListener('resize', update);
    vv.addEventListener('scroll', update);
    return () => {
      vv.removeEventListener('resize', update);
      vv.removeEventListener('scroll', update);
      root.style.removeProperty('--kb');
    };
  }, []);
}
