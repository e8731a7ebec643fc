// The statistics beacon every public page carries: no cookies, no local storage, nothing stored in the
// browser. It posts a page view (path, referrer, utm parameters in the path, viewport width, time zone,
// language); when the page is hidden or left, the engaged milliseconds since the last report and the
// maximum scroll percent; and custom events by name (`svc.event('signup')` or `data-svc-event="signup"`).

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
w.svc={event:function(name){send({t:'ev',n:String(name)})}};
d.addEventListener('click',function(e){var t=e.target,el=t&&t.closest&&t.closest('[data-svc-event]');if(el)w.svc.event(el.getAttribute('data-svc-event'))});
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
export function beaconScriptTag(basePath = ''): string {
  const base = basePath.replace(/\/+$/, '');
  return `<script defer src="${base}${BEACON_PATH}" data-collect="${base}${COLLECT_PATH}"></script>`;
}
