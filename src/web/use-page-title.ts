import { useEffect } from 'react';
import { badgeText } from '../shared/rules.ts';
import { useServerHead } from './head.tsx';
import { useSite } from './site-context.tsx';

let baseTitle = '';
let titleCount = 0;

function applyTitle() {
  document.title = titleCount > 0 ? `(${badgeText(titleCount)}) ${baseTitle}` : baseTitle;
}

/** P-13: the unread messages + new likes that prefix every page title as "(n) "; 0 for none. */
export function setTitleCount(n: number): void {
  titleCount = n;
  if (baseTitle) applyTitle();
}

/** Sets the document title as "<page> · <site>", or the site's index title for the home page. */
export function usePageTitle(title: string | null) {
  const { settings } = useSite();
  const head = useServerHead();
  const full = title ? `${title} · ${settings.name}` : settings.index_title;
  if (head) head.title = full;
  useEffect(() => {
    baseTitle = full;
    applyTitle();
  }, [full]);
}

/** A page's description and preview image for the server's head (link previews, search results). */
export function usePageMeta(description: string | null, image: string | null = null) {
  const head = useServerHead();
  if (head) {
    if (description) head.description = description;
    if (image) head.image = image;
  }
}
