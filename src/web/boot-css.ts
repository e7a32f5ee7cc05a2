/**
 * Puts the app's stylesheet in force. The built page links it with `media="not all"` beside a preload
 * (scripts/vite-async-css.ts): it downloads at once and the browser parses it when it arrives, while the
 * page still waits for its scripts, but it neither holds back the inline shell's first paint nor styles
 * the shell. Resolves once the sheet applies: the app renders after that, so it never shows unstyled. A
 * sheet that failed to load does not keep the app from starting. In development Vite injects the styles
 * itself and there is nothing to wait for.
 */
export function appStylesheet(doc: Document = document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>('link[data-app-css]')];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((done) => {
          if (link.sheet) {
            link.media = 'all';
            done();
            return;
          }
          // Not there yet (or failed, which leaves no trace to read): a stylesheet of its own, from the same
          // download, reports either.
          const sheet = doc.createElement('link');
          sheet.rel = 'stylesheet';
          sheet.href = link.href;
          if (link.crossOrigin !== null) sheet.crossOrigin = link.crossOrigin;
          sheet.onload = sheet.onerror = () => done();
          link.after(sheet);
        }),
    ),
  ).then(() => undefined);
}
