import { useEffect } from 'react';
import { useSite } from './site-context.tsx';

/** Sets the document title as "<page> · <site>", or the site's index title for the home page. */
export function usePageTitle(title: string | null) {
  const { settings } = useSite();
  useEffect(() => {
    document.title = title ? `${title} · ${settings.name}` : settings.index_title;
  }, [title, settings.name, settings.index_title]);
}
