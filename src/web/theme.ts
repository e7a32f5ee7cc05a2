/** Applies a site's own colours; the stylesheet reads them as CSS variables (P-14). */
export function applyTheme(theme: { primary: string; secondary: string }) {
  const root = document.documentElement.style;
  if (/^#[0-9a-f]{6}$/i.test(theme.primary)) root.setProperty('--site-primary', theme.primary);
  if (/^#[0-9a-f]{6}$/i.test(theme.secondary)) root.setProperty('--site-secondary', theme.secondary);
}
