// The app's stylesheet must not hold back the first paint: the inline shell of index.html carries its own
// few rules and paints at once. The build turns Vite's `<link rel="stylesheet">` into a preload (the file
// still downloads at once, at high priority); main.tsx adds the stylesheet and waits for it before the
// app replaces the shell, so nothing is ever drawn unstyled (see appStylesheet in src/web/boot-css.ts).
import type { Plugin } from 'vite';

export const APP_CSS_ATTR = 'data-app-css';

export function asyncAppCss(): Plugin {
  return {
    name: 'vonk-async-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g,
          (_all, crossorigin: string | undefined, href: string) =>
            `<link rel="preload" as="style"${crossorigin ?? ''} href="${href}"><link rel="stylesheet"${crossorigin ?? ''} href="${href}" media="not all" ${APP_CSS_ATTR}>`,
        ),
    },
  };
}
