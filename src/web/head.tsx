import { createContext, type ReactNode, useContext } from 'react';

/** What a page says of itself for the document's head: written during the server's render only. */
export interface PageHead {
  /** The whole title, as the browser's tab shows it. */
  title?: string;
  description?: string;
  /** An absolute or site-relative image for link previews (an approved main photo). */
  image?: string | null;
  /** Where the page sends the visitor instead (components/redirect.tsx). */
  redirect?: string;
}

const HeadContext = createContext<PageHead | null>(null);

export function HeadCollector(props: { value: PageHead; children: ReactNode }) {
  return <HeadContext.Provider value={props.value}>{props.children}</HeadContext.Provider>;
}

/** The server render's head, or null in the browser (where effects set the document's title). */
export function useServerHead(): PageHead | null {
  return useContext(HeadContext);
}
