// The statistics beacon every public page carries: no cookies, no local storage, nothing stored in the
// browser. It posts a page view (path, referrer, utm parameters in the path, viewport width, time zone,
// language); when the page is hidden or left, the engaged milliseconds since the last report and the
// maximum scroll percent; custom events by name with custom properties (`svc.track('signup', {plan: 'pro'})`,
// `svc.event` the same, or `data-svc-event="signup"` with `data-svc-prop-plan="pro"` on the clicked element);
// and, when site.yaml switches them on (the tag says so), clicks on links to other sites and on file
// downloads, as Plausible names them (`Outbound Link: Click`, `File Download`) with the link's address
// (without its query, which may carry what is nobody's business) as the `url` property.

export const BEACON_PATH = '/svc/beacon.js';
export const COLLECT_PATH = '/svc/collect';

const SCRIPT = `(function(){
var d=document,w=window,n=navigator,u=(d.currentScript&&d.currentScript.getAttribute('data-collect'))||'${COLLECT_PATH}';
if(n.webdriver)return;
function send(o){o.p=location.pathname+location.search;var b=JSON.stringify(o);
try{if(n.sendBeacon&&n.sendBeacon(u,b))return;fetch(u,{method:'POST',body:b,keepalive:true,credentials:'omit'})}catch(e){}}
var tz;try{tz=Intl.DateTimeFormat().resolvedOptions().timeZone}catch(e){}
send({t:'pv',r:d.referrer,w:w.innerWidth,z:tz,l:n.language});
var since=d.visibilityState==='visible'&&d.hasFocus()?Date.now():0,engaged=0,scroll=0,sent=-1;
function depth(){var h=d.documentElement,b=d.body||h,top=h.scrollTop||b.scrollTop,all=Math.max(h.scrollHeight,b.scrollHeight);
return all>0?Math.min(100,Math.round((top+h.clientHeight)/all*100)):100}
function measure(){var p=depth();if(p>scroll)scroll=p}
measure();w.addEventListener('scroll',measure,{passive:true});
function start(){if(!since)since=Date.now()}
function stop(){if(since){engaged+=Date.now()-since;since=0}}
w.addEventListener('focus',start);w.addEventListener('blur',stop);
function report(){stop();if(engaged>0||scroll>sent){send({t:'en',e:engaged,s:scroll});engaged=0;sent=scroll}}
d.addEventListener('visibilitychange',function(){if(d.visibilityState==='hidden')report();else if(d.hasFocus())start()});
w.addEventListener('pagehide',report);
function track(name,props){var o={t:'ev',n:String(name)},k;if(props&&typeof props==='object')for(k in props){o.pr=props;break}send(o)}
w.svc={event:track,track:track};
var me=d.currentScript,has=function(x){return!!(me&&me.hasAttribute&&me.hasAttribute(x))},out=has('data-outbound'),dl=has('data-downloads');
var files=/\.(pdf|zip|gz|tgz|7z|rar|dmg|exe|msi|pkg|deb|rpm|apk|iso|csv|xlsx?|docx?|pptx?|odt|ods|odp|rtf|txt|epub|mp3|mp4|m4a|mov|avi|wav|ogg|webm)$/i;
d.addEventListener('click',function(e){var t=e.target;if(!t||!t.closest)return;
var el=t.closest('[data-svc-event]');if(el){var pr={},a=el.attributes||[],i;for(i=0;i<a.length;i++)if(a[i].name.indexOf('data-svc-prop-')===0)pr[a[i].name.slice(14)]=a[i].value;track(el.getAttribute('data-svc-event'),pr);return}
var l=t.closest('a[href]');if(!l||!/^https?:$/.test(l.protocol))return;var url=l.protocol+'//'+l.host+l.pathname;
if(dl&&files.test(l.pathname))track('File Download',{url:url});else if(out&&l.host!==location.host)track('Outbound Link: Click',{url:url})});
})();
`;

/** The beacon's JavaScript, served at /svc/beacon.js. */
export function beaconScript(): string {
  return SCRIPT;
}

/**
 * The tag to put before `</body>` of every public page. `basePath` is the path of the installation's base
 * URL when it is not served at the root (e.g. `/blog`).
 */
export function beaconScriptTag(basePath = '', track: { outbound?: boolean; downloads?: boolean } = {}): string {
  const base = basePath.replace(/\/+$/, '');
  return `<script defer src="${base}${BEACON_PATH}" data-collect="${base}${COLLECT_PATH}"${track.outbound ? ' data-outbound' : ''}${track.downloads ? ' data-downloads' : ''}></script>`;
}
