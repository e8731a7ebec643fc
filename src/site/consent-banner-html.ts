import { escapeAttr } from '../lib/html-escape.js';
import type { BannerFacts } from '../stats/consent-banner.js';

const LABELS: Record<string, string> = {
  statistics: 'Statistics',
  marketing: 'Marketing',
  external_media: 'External media (videos, maps)',
};

/**
 * The consent banner, only when the content embeds services that need consent. The choice is kept in the
 * browser (localStorage, a strictly necessary store for the choice itself) with the banner version, so a
 * new set of services asks again; each decision is counted at POST /svc/consent. Videos stay links until
 * external media is allowed, then become players from the privacy-enhanced address.
 */
export function consentBannerHtml(facts: BannerFacts): string {
  if (!facts.banner_needed) return '';
  const optional = facts.categories_offered.filter((category) => category !== 'necessary');
  const boxes = optional.map((category) => `<label><input type="checkbox" name="${escapeAttr(category)}"> ${LABELS[category] ?? escapeAttr(category)}</label>`).join(' ');
  const services = facts.embedded_services.map((item) => item.service).join(', ');
  return `<div id="svc-consent" role="dialog" aria-label="Privacy choices" data-version="${escapeAttr(facts.banner_version)}" hidden>
<p>This site embeds content from ${escapeAttr(services)}. Those services may set cookies and see your address. Choose what to allow; you can change it with the link at the bottom of every page.</p>
<form><p>${boxes}</p>
<button type="button" data-action="accept_all">Allow all</button> <button type="button" data-action="reject_all">Only necessary</button> <button type="button" data-action="save">Save choice</button></form>
</div>
<p class="consent-link"><a href="#svc-consent" id="svc-consent-open">Privacy choices</a></p>
<script>${CONSENT_SCRIPT}</script>`;
}

export const CONSENT_CSS = `
#svc-consent{position:fixed;left:0;right:0;bottom:0;background:#1d232a;color:#fff;padding:1rem 1.25rem;z-index:10;font-size:.95rem}
#svc-consent form p{display:flex;flex-wrap:wrap;gap:.5rem 1rem}#svc-consent button{margin:.25rem .25rem 0 0;padding:.45rem .9rem;border-radius:6px;border:0;cursor:pointer}
#svc-consent button[data-action="accept_all"]{background:#7fb0e8}.consent-link{max-width:44rem;margin:0 auto;padding:0 1.25rem;font-size:.85rem}
`;

// Plain ES5 so every browser runs it; no cookies. Keys: v = banner version, c = the allowed categories.
// Reopened, the choices show what was saved: saving again without looking must not withdraw consent.
const CONSENT_SCRIPT = `(function(){var box=document.getElementById('svc-consent');if(!box)return;var v=box.getAttribute('data-version'),key='svc-consent',saved=null;
try{saved=JSON.parse(localStorage.getItem(key)||'null')}catch(e){}
function embed(url){var m=/(?:youtube(?:-nocookie)?\\.com\\/(?:watch\\?v=|embed\\/|shorts\\/)|youtu\\.be\\/)([A-Za-z0-9_-]{6,20})/.exec(url);if(m)return 'https://www.youtube-nocookie.com/embed/'+m[1];m=/vimeo\\.com\\/(?:video\\/)?(\\d+)/.exec(url);if(m)return 'https://player.vimeo.com/video/'+m[1];return null}
function apply(c){if(!c||!c.external_media)return;var cards=document.querySelectorAll('.card-video[data-embed]');for(var i=0;i<cards.length;i++){var src=embed(cards[i].getAttribute('data-embed'));if(!src)continue;var f=document.createElement('iframe');f.src=src;f.title=cards[i].textContent;f.loading='lazy';f.allowFullscreen=true;f.style.cssText='width:100%;aspect-ratio:16/9;border:0';cards[i].innerHTML='';cards[i].appendChild(f);cards[i].removeAttribute('data-embed')}}
function boxes(){var c={},inputs=box.querySelectorAll('input[type=checkbox]');for(var i=0;i<inputs.length;i++)c[inputs[i].name]=inputs[i].checked;return c}
function tick(c){var inputs=box.querySelectorAll('input[type=checkbox]');for(var i=0;i<inputs.length;i++)inputs[i].checked=!!(c&&c[inputs[i].name]===true)}
function decide(a){var c=boxes(),all=a==='accept_all',none=a==='reject_all';for(var k in c)c[k]=all?true:none?false:c[k];
saved={v:v,c:c};try{localStorage.setItem(key,JSON.stringify(saved))}catch(e){}
try{fetch('/svc/consent',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({v:v,a:a,c:c}),keepalive:true})}catch(e){}
box.hidden=true;apply(c)}
var buttons=box.querySelectorAll('button[data-action]');for(var i=0;i<buttons.length;i++)buttons[i].onclick=function(){decide(this.getAttribute('data-action'))};
document.getElementById('svc-consent-open').onclick=function(e){e.preventDefault();if(saved&&saved.v===v)tick(saved.c);box.hidden=false};
if(saved&&saved.v===v){apply(saved.c)}else{box.hidden=false}})();`;
