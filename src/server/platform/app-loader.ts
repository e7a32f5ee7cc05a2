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
 * The list is in the tag's data attributes, so this script's text is the same on every page.
 */
export const LOADER_WAIT_MS = 2500;

const SCRIPT = `(function(){var t=document.currentScript,go=false;function start(){if(go)return;go=true;var m=t.getAttribute("data-modules").split(" ");for(var i=0;i<m.length;i++){if(!m[i])continue;var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=m[i];document.head.appendChild(l)}var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=t.getAttribute("data-entry");document.head.appendChild(s)}function drawn(){requestAnimationFrame(function(){setTimeout(start,0)})}var p=document.querySelectorAll('link[rel="preload"][as="image"]'),left=p.length;function one(){if(--left===0)drawn()}if(!left)drawn();for(var j=0;j<p.length;j++){var l=p[j];if(performance.getEntriesByName(l.href).length)one();else{l.addEventListener("load",one);l.addEventListener("error",one)}}setTimeout(start,${LOADER_WAIT_MS})})()`;

/** The loader tag, last in the body: the entry and the modules it will import, preloaded when it starts. */
export function appLoader(entry: string, modules: readonly string[], nonce: string): string {
  return `<script nonce="${escapeHtml(nonce)}" data-entry="${escapeHtml(entry)}" data-modules="${escapeHtml(modules.join(' '))}">${SCRIPT}</script>`;
}

/** The built shell's own `<script type="module" src>`: the loader asks for it instead. */
export const ENTRY_SCRIPT_TAG = /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>\s*/;
