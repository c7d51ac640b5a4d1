/**
 * The script that starts the app in the browser. It adds the entry module once the page's first
 * contentful paint, and its LCP image, are on screen, instead of naming it in a
 * `<script type="module">` the preload scanner finds: the entry is the page's largest download
 * (about 125 KiB brotli), and fetched alongside the document and the LCP image it shares a
 * phone's bandwidth with them and runs before they are shown. The route's own chunks and messages
 * stay preloaded in the head, so hydration waits only for the entry (ADRs 0047 and 0052).
 *
 * "On screen" is what the browser reports: the `first-contentful-paint` paint entry, and an
 * Element Timing entry for each LCP candidate image (`img[elementtiming="hero"]`,
 * src/shared/hero-image.ts) that was in the viewport at that paint. Both are taken when the frame
 * is presented, which can be well after the main thread painted it. An image that failed, or one
 * out of view, is not waited for. Without those entry types (Safari, Firefox) it waits for the
 * next frame and a task after it; in a hidden tab, which paints nothing, it loads at once; and it
 * never waits longer than LONGEST_WAIT_MS.
 *
 * The entry's URL is the tag's `data-entry` attribute, where tools that list a page's scripts
 * (the benches, the tests) read it too.
 */
import { escapeHtml } from '../../src/shared/html'
import { HERO_IMAGE_TIMING } from '../../src/shared/hero-image'

/** The longest the app's start waits for the first paint and the LCP image (a slow image, say). */
export const LONGEST_WAIT_MS = 3000

// ES5 on purpose: it runs as written, before any module. The added script carries the page's
// nonce (CSP 'strict-dynamic' would trust it anyway, being added by a nonced script).
const LOAD_AFTER_LCP = `(function(){
var tag=document.currentScript,loaded=false;
function load(){
if(loaded)return;loaded=true;
var script=document.createElement("script");
script.type="module";script.src=tag.dataset.entry;script.nonce=tag.nonce;
document.body.appendChild(script)}
if(document.visibilityState==="hidden")return load();
document.addEventListener("visibilitychange",function(){if(document.visibilityState==="hidden")load()});
setTimeout(load,${LONGEST_WAIT_MS});
var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];
if(types.indexOf("paint")<0)return requestAnimationFrame(function(){setTimeout(load)});
var heroes=types.indexOf("element")<0?[]:[].slice.call(document.querySelectorAll('img[elementtiming="${HERO_IMAGE_TIMING}"]'));
var shown=[],painted=false;
function waiting(img){
if(shown.indexOf(img)>=0||(img.complete&&!img.naturalWidth))return false;
var box=img.getBoundingClientRect();
return box.width>0&&box.height>0&&box.bottom>0&&box.right>0&&box.top<innerHeight&&box.left<innerWidth}
function check(){if(painted&&!heroes.some(waiting))load()}
heroes.forEach(function(img){img.addEventListener("error",check)});
var observer=new PerformanceObserver(function(list){
list.getEntries().forEach(function(entry){
if(entry.entryType==="paint"){if(entry.name==="first-contentful-paint")painted=true}
else shown.push(entry.element)});
check()});
observer.observe({type:"paint",buffered:true});
if(heroes.length)observer.observe({type:"element",buffered:true})
})()`.replace(/\n/g, '')

export function entryScriptTag(nonce: string, entrySrc: string): string {
  return `<script nonce="${nonce}" data-entry="${escapeHtml(entrySrc)}">${LOAD_AFTER_LCP}</script>`
}
