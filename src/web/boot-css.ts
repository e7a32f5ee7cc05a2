/**
 * Applies the app's stylesheet, which the built page only preloads so that the inline shell paints before
 * it arrives (scripts/vite-async-css.ts), and resolves once it is in force: the app renders after that, so
 * it never shows unstyled. In development Vite injects the styles itself and there is nothing to wait for.
 */
export function appStylesheet(doc: Document = document): Promise<void> {
  const preloads = [...doc.querySelectorAll<HTMLLinkElement>('link[data-app-css]')];
  return Promise.all(
    preloads.map(
      (preload) =>
        new Promise<void>((done) => {
          const link = doc.createElement('link');
          link.rel = 'stylesheet';
          link.href = preload.href;
          if (preload.crossOrigin !== null) link.crossOrigin = preload.crossOrigin;
          // A failed stylesheet must not keep the app from starting: it starts plain rather than never.
          link.onload = link.onerror = () => done();
          preload.after(link);
        }),
    ),
  ).then(() => undefined);
}
