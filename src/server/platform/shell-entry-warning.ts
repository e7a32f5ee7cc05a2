import { createHash } from 'node:crypto';
import { ENTRY_WARNING_KEY, SHELL_ENTRY_WARNING_ATTR } from '../../shared/entry-warning.ts';

/**
 * The site-entry warning (L-04) as part of the HTML shell, for a visitor the server knows it applies to
 * (decision 0018). It opens while the page is parsed, before the first paint and before any of the app's
 * code: the warning is the first thing a new visitor sees, not something that jumps over a page already
 * drawn, and the browser makes the still tiny page inert at almost no cost (on the drawn page,
 * `showModal()` restyled everything: about 80 ms on a phone). The app leaves the warning to it for the
 * rest of the page load (layouts/entry-warning.tsx); later page loads ask the same of the server again.
 *
 * What the server cannot know is read here, as the app does: a warning skipped before (localStorage) or
 * the installed app. Escape and the browser's close requests do not dismiss it; "enter" stores the
 * skip, as the app's button does.
 */
export const ENTRY_WARNING_SCRIPT = `(function(){var d=document.getElementById("vs-entry");if(!d)return;var k=${JSON.stringify(ENTRY_WARNING_KEY)},s=null;try{s=localStorage.getItem(k)}catch(e){}if(s||matchMedia("(display-mode: standalone)").matches||navigator.standalone===true){d.remove();return}var done=false;d.addEventListener("keydown",function(e){if(e.key==="Escape")e.preventDefault()});d.addEventListener("cancel",function(e){e.preventDefault()});d.addEventListener("close",function(){if(!done)d.showModal()});d.querySelector("[data-enter]").addEventListener("click",function(){done=true;try{localStorage.setItem(k,new Date().toISOString())}catch(e){}d.close();d.remove()});document.documentElement.setAttribute(${JSON.stringify(SHELL_ENTRY_WARNING_ATTR)},"shell");d.showModal()})()`;

/** For the Content-Security-Policy: the one inline script the pages carry. */
export const ENTRY_WARNING_SCRIPT_HASH = `'sha256-${createHash('sha256').update(ENTRY_WARNING_SCRIPT).digest('base64')}'`;

const SHIELD_ALERT =
  '<svg aria-hidden="true" class="vs-entry-icon" viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z"/><path d="M12 8v4"/><path d="M12 16h.01"/></svg>';

/** The dialog and its script; every text arrives HTML-escaped. */
export function entryWarningShell(texts: {
  title: string;
  adult: string;
  fictional: string;
  agree: string;
  enter: string;
  leave: string;
}): string {
  return (
    `<dialog id="vs-entry" class="vs-entry" aria-labelledby="vs-entry-title" aria-describedby="vs-entry-text"><div class="vs-entry-box">` +
    `<h2 id="vs-entry-title">${texts.title}</h2>` +
    `<div class="vs-entry-row">${SHIELD_ALERT}<div id="vs-entry-text"><p>${texts.adult}</p><p>${texts.fictional}</p><p>${texts.agree}</p></div></div>` +
    // "Enter" comes first so the dialog focuses it; row-reverse puts it on the right on wide screens.
    `<div class="vs-entry-actions"><button type="button" class="vs-btn vs-btn-primary" data-enter autofocus>${texts.enter}</button><a class="vs-btn vs-btn-ghost" href="https://www.google.com" rel="noreferrer">${texts.leave}</a></div>` +
    `</div></dialog><script>${ENTRY_WARNING_SCRIPT}</script>`
  );
}
