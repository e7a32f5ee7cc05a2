import { escapeHtml } from './seo-head.ts';

/**
 * The app's code after the first screen (issue 24, issue 25, decision 0037). The server's HTML is the
 * page; the app only makes it interactive. Its scripts (the entry, the locale's catalog, the layouts) are
 * asked for once the first screen's photos (the page's `<link rel="preload" as="image">`, its largest
 * paint) have arrived and been drawn, instead of beside them from the head: on a slow line the photos
 * get the bandwidth first, and the largest paint does not wait for 160 kB of JavaScript nor for its
 * evaluation. A photo that never comes holds the app back for at most LOADER_WAIT_MS. A page without such
 * photos starts the app after its first frame.
 *
 * A photo counts as arrived when its `<img>` is complete (from a cache too, where no load event would come
 * any more), else at its load or error event; a preloaded photo no `<img>` shows, by its preload's.
 * `data-app-loader` on `<html>` says what started the app: `photos`, `frame` or `timer`.
 *
 * The list is in the tag's data attributes, so this script's text is the same on every page.
 */
export const LOADER_WAIT_MS = 2500;

const SCRIPT = `(function(){var t=document.currentScript,go=false,h=document.documentElement;function start(why){if(go)return;go=true;h.setAttribute("data-app-loader",why);var m=t.getAttribute("data-modules").split(" ");for(var i=0;i<m.length;i++){if(!m[i])continue;var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=m[i];document.head.appendChild(l)}var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=t.getAttribute("data-entry");document.head.appendChild(s)}var p=document.querySelectorAll('link[rel="preload"][as="image"]'),left=p.length;function one(){if(--left===0)requestAnimationFrame(function(){setTimeout(function(){start(p.length?"photos":"frame")},0)})}left++;for(var j=0;j<p.length;j++){(function(l){var img=null,all=document.images;for(var k=0;k<all.length;k++)if(all[k].src===l.href){img=all[k];break}if(img){if(img.complete)one();else{img.addEventListener("load",one);img.addEventListener("error",one)}}else if(performance.getEntriesByName(l.href).length)one();else{l.addEventListener("load",one);l.addEventListener("error",one)}})(p[j])}one();setTimeout(function(){start("timer")},${LOADER_WAIT_MS})})()`;

/** The loader tag, last in the body: the entry and the modules it will import, preloaded when it starts. */
export function appLoader(entry: string, modules: readonly string[], nonce: string): string {
  return `<script nonce="${escapeHtml(nonce)}" data-entry="${escapeHtml(entry)}" data-modules="${escapeHtml(modules.join(' '))}">${SCRIPT}</script>`;
}

/** The built shell's own `<script type="module" src>`: the loader asks for it instead. */
export const ENTRY_SCRIPT_TAG = /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>\s*/;
