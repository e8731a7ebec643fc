import { escapeAttr, escapeHtml } from '../lib/html-escape.js';
import type { BannerFacts } from '../stats/consent-banner.js';
import { ENGLISH, fillWords, type SiteWords, type WordKey } from './site-words.js';
import { PLAYABLE_VIDEOS } from './video-placeholder.js';
import { EMBED_SERVICES } from '../content/entries/embedded-services.js';

const CATEGORY_WORDS: Record<string, WordKey> = {
  statistics: 'consent_statistics',
  marketing: 'consent_marketing',
  external_media: 'consent_external_media',
};

/**
 * The consent banner in the page's language, on every page of a site whose content embeds services that need
 * consent, but opening by itself only on a page that embeds one (`pageEmbeds`, the translation's bit mask over
 * EMBED_SERVICES), naming the services of that page; elsewhere it waits, closed, for the footer's link and
 * names the site's. Which page embeds what is the same for every visitor, so the page stays one cacheable
 * answer for all. It is a bar at the top of the page that pushes the text down (never over it); its script
 * goes at the end of the body (consentScriptHtml), after the videos it turns into players.
 * The choice is kept in the browser (localStorage, a strictly necessary store for the choice itself) with the
 * banner version (the site's set of services), so a new set asks again; each decision is counted at POST
 * /svc/consent. Videos stay links until external media is allowed, then become players from the
 * privacy-enhanced address. `privacyLink` (site.yaml `consent.privacy_link`) is the privacy policy it names.
 */
export function consentBoxHtml(facts: BannerFacts, words: SiteWords = ENGLISH, pageEmbeds = 0, privacyLink: string | null = null): string {
  if (!facts.banner_needed) return '';
  const optional = facts.categories_offered.filter((category) => category !== 'necessary');
  const label = (category: string) => {
    const key = CATEGORY_WORDS[category];
    return escapeHtml(key ? words.text[key] : category);
  };
  const boxes = optional.map((category) => `<label><input type="checkbox" name="${escapeAttr(category)}"> ${label(category)}</label>`).join(' ');
  const onPage = EMBED_SERVICES.filter((_, bit) => (pageEmbeds & (1 << bit)) !== 0).map((item) => item.service);
  const text = onPage.length > 0
    ? fillWords(words.text.consent_page_text, { services: onPage.join(', ') })
    : fillWords(words.text.consent_text, { services: facts.embedded_services.map((item) => item.service).join(', ') });
  const button = (action: string, key: WordKey) => `<button type="button" data-action="${action}">${escapeHtml(words.text[key])}</button>`;
  return `<div id="svc-consent" role="dialog" aria-labelledby="svc-consent-title" data-version="${escapeAttr(facts.banner_version)}"${onPage.length > 0 ? '' : ' data-quiet'} hidden><div class="consent-inner">
<h2 id="svc-consent-title" class="visually-hidden">${escapeHtml(words.text.consent_open)}</h2>
<p>${escapeHtml(text)}${privacyLink === null ? '' : ` <a href="${escapeAttr(privacyLink)}">${escapeHtml(words.text.consent_privacy)}</a>`}</p>
<form><p>${boxes}</p>
<p class="consent-buttons">${button('accept_all', 'consent_accept_all')} ${button('reject_all', 'consent_reject_all')} ${button('save', 'consent_save')}</p></form>
</div></div>`;
}

/** The banner's script, for the end of the body (empty when the site needs no banner). */
export function consentScriptHtml(facts: BannerFacts): string {
  return facts.banner_needed ? `<script>${CONSENT_SCRIPT}</script>` : '';
}

/** The box and its script together (a page whose body is all below the box). */
export function consentBannerHtml(facts: BannerFacts, words: SiteWords = ENGLISH, pageEmbeds = 0, privacyLink: string | null = null): string {
  const box = consentBoxHtml(facts, words, pageEmbeds, privacyLink);
  return box === '' ? '' : `${box}\n${consentScriptHtml(facts)}`;
}

/** The link that reopens the choices, for the footer of every page that has the banner. */
export function consentLinkHtml(words: SiteWords): string {
  return `<a href="#svc-consent" id="svc-consent-open">${escapeHtml(words.text.consent_open)}</a>`;
}

// A bar at the top of the page, in the flow: it pushes the text down and never covers it, whatever the screen.
// Compact on a phone.
export const CONSENT_CSS = `
#svc-consent{position:relative;background:#1d232a;color:#fff;padding:.75rem 1.25rem;font-size:.9rem;line-height:1.45;border-bottom:3px solid #7fb0e8}
#svc-consent .consent-inner{max-width:44rem;margin:0 auto}#svc-consent p{margin:0 0 .5rem}
#svc-consent form p{display:flex;flex-wrap:wrap;gap:.25rem 1rem}#svc-consent form .consent-buttons{gap:.4rem;margin:0}
#svc-consent button{padding:.45rem .85rem;border-radius:6px;border:1px solid #7fb0e8;background:#2b333c;color:#fff;cursor:pointer;font:inherit}
#svc-consent button[data-action="accept_all"]{background:#7fb0e8;color:#0d1a26}
#svc-consent button:focus-visible{outline:3px solid #fff;outline-offset:2px}
@media (max-width:30rem){#svc-consent{font-size:.8rem;padding:.5rem .75rem}#svc-consent p{margin-bottom:.35rem}#svc-consent button{padding:.4rem .6rem;flex:1 1 auto}}
`;

/** How the script finds a video's id and the player address for it, written from PLAYABLE_VIDEOS. */
const PLAYERS = PLAYABLE_VIDEOS.map((video) => `m=${video.pattern.toString()}.exec(url);if(m)return '${video.player}'+m[1];`).join('');

// Plain ES5 so every browser runs it; no cookies. Keys: v = banner version, c = the allowed categories.
// Reopened, the choices show what was saved: saving again without looking must not withdraw consent. A page
// that embeds nothing (data-quiet) asks nothing until its footer link is followed.
const CONSENT_SCRIPT = `(function(){var box=document.getElementById('svc-consent');if(!box)return;var v=box.getAttribute('data-version'),key='svc-consent',saved=null;
try{saved=JSON.parse(localStorage.getItem(key)||'null')}catch(e){}
function embed(url){var m;${PLAYERS}return null}
function apply(c){if(!c||!c.external_media)return;var cards=document.querySelectorAll('.card-video[data-embed]');for(var i=0;i<cards.length;i++){var src=embed(cards[i].getAttribute('data-embed'));if(!src)continue;var link=cards[i].querySelector('a'),f=document.createElement('iframe');f.src=src;f.title=link?link.textContent:'';f.loading='lazy';f.allowFullscreen=true;f.style.cssText='width:100%;aspect-ratio:16/9;border:0';cards[i].innerHTML='';cards[i].appendChild(f);cards[i].removeAttribute('data-embed')}}
function boxes(){var c={},inputs=box.querySelectorAll('input[type=checkbox]');for(var i=0;i<inputs.length;i++)c[inputs[i].name]=inputs[i].checked;return c}
function tick(c){var inputs=box.querySelectorAll('input[type=checkbox]');for(var i=0;i<inputs.length;i++)inputs[i].checked=!!(c&&c[inputs[i].name]===true)}
function decide(a){var c=boxes(),all=a==='accept_all',none=a==='reject_all';for(var k in c)c[k]=all?true:none?false:c[k];
saved={v:v,c:c};try{localStorage.setItem(key,JSON.stringify(saved))}catch(e){}
try{fetch('/svc/consent',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({v:v,a:a,c:c}),keepalive:true})}catch(e){}
box.hidden=true;apply(c)}
var buttons=box.querySelectorAll('button[data-action]');for(var i=0;i<buttons.length;i++)buttons[i].onclick=function(){decide(this.getAttribute('data-action'))};
function reopen(e){e.preventDefault();if(saved&&saved.v===v)tick(saved.c);box.hidden=false;var first=box.querySelector&&box.querySelector('input,button');if(first)first.focus()}
document.getElementById('svc-consent-open').onclick=reopen;var more=document.querySelectorAll('[data-consent-open]');for(var j=0;j<more.length;j++)more[j].onclick=reopen;
if(saved&&saved.v===v){apply(saved.c)}else if(box.getAttribute('data-quiet')===null){box.hidden=false}})();`;
