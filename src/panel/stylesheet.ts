import type { RequestContext } from '../http/router.js';
import { sendBody } from '../http/respond.js';
import { STATS_CSS } from './stats-page-css.js';
import { EDITOR_CSS } from './editor-css.js';
import { REVIEW_CSS } from './review-css.js';
import { SETTINGS_CSS } from './settings-css.js';
import { SCREEN_CSS } from './screen-css.js';

export const PANEL_CSS_PATH = '/svc/panel/panel.css';

// One small stylesheet for every panel page (sign-in, Assistants, approvals, consent, statistics). Mobile
// first: a single column that widens to 46rem; system fonts; no images, no script.
export const PANEL_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2330;background:#f4f5f7}
a{color:#2456c7}
header.top{background:#1d2330;color:#fff;padding:.6rem 1rem;display:flex;flex-wrap:wrap;gap:.4rem 1rem;align-items:center}
header.top .brand{font-weight:700;color:#fff;text-decoration:none;margin-right:auto}
header.top .brand .muted,header.top .view-site{color:#cfd8ea}
header.top nav{display:flex;flex-wrap:wrap;gap:.2rem .9rem}
header.top nav a{color:#cfd8ea;text-decoration:none}
header.top nav a[aria-current=page]{color:#fff;text-decoration:underline;text-underline-offset:.25em}
header.top form{margin:0}
header.top .who{color:#cfd8ea;font-size:.9rem}
main{max-width:46rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
h2{font-size:1.15rem;margin:1.6rem 0 .6rem}
.card{background:#fff;border:1px solid #dde1e8;border-radius:.5rem;padding:1rem;margin:0 0 1rem}
.narrow{max-width:24rem;margin-left:auto;margin-right:auto}
label{display:block;font-weight:600;margin:.8rem 0 .25rem}
.card>label:first-of-type,.card>h2:first-child{margin-top:0}
input[type=text],input[type=email],input[type=password],input[type=number],select,textarea{width:100%;font:inherit;padding:.55rem .6rem;border:1px solid #b8c0cc;border-radius:.35rem;background:#fff;color:inherit}
input:focus,select:focus,textarea:focus,button:focus{outline:3px solid #9bb7f0;outline-offset:1px}
fieldset{border:0;padding:0;margin:.8rem 0 0}
legend{font-weight:600;padding:0;margin-bottom:.25rem}
.check{display:flex;gap:.5rem;align-items:flex-start;font-weight:400;margin:.35rem 0}
.check input{margin-top:.3rem}
.check small{display:block;color:#5b6475}
button,.button{display:inline-block;font:inherit;font-weight:600;padding:.55rem 1rem;border-radius:.35rem;border:1px solid #2456c7;background:#2456c7;color:#fff;cursor:pointer;text-decoration:none;margin-top:1rem}
button.secondary{background:#fff;color:#2456c7}
button.danger{background:#fff;color:#b42318;border-color:#b42318;margin-top:0;padding:.35rem .8rem}
button.link{background:none;border:0;color:#cfd8ea;padding:0;margin:0;font-weight:400;text-decoration:underline}
.notice{padding:.7rem 1rem;border-radius:.4rem;margin:0 0 1rem;border:1px solid}
.notice.error{background:#fdecea;border-color:#f4b4ad;color:#7a1a12}
.notice.ok{background:#e8f5ec;border-color:#a9d8b6;color:#14532d}
.notice.warn{background:#fff6e0;border-color:#f1d08a;color:#6b4700}
.muted{color:#5b6475;font-size:.9rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.list{list-style:none;margin:0;padding:0}
.list>li{background:#fff;border:1px solid #dde1e8;border-radius:.5rem;padding:.8rem 1rem;margin:0 0 .6rem}
.list .row{display:flex;flex-wrap:wrap;gap:.5rem;justify-content:space-between;align-items:baseline}
.list .name{font-weight:600;overflow-wrap:anywhere}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.1rem .8rem;margin:.5rem 0 0;font-size:.92rem}
dl.facts dt{color:#5b6475}
dl.facts dd{margin:0;overflow-wrap:anywhere}
.tag{display:inline-block;background:#eef2fb;color:#1d3f8f;border-radius:.3rem;padding:0 .4rem;font-size:.85rem;margin:0 .25rem .2rem 0;font-family:ui-monospace,SFMono-Regular,Menlo,monospace}
pre,code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.85rem}
pre{background:#f0f2f6;border:1px solid #dde1e8;border-radius:.35rem;padding:.7rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all;user-select:all;-webkit-user-select:all}
.secret{font-size:1rem;font-weight:700;background:#fffbe6;border-color:#f1d08a}
.qr{display:flex;flex-wrap:wrap;gap:1rem}
.qr>div{flex:1 1 14rem;min-width:0}
ol.codes{columns:2;font:1rem ui-monospace,monospace;user-select:all}
`.trim() + '\n' + STATS_CSS + '\n' + REVIEW_CSS + EDITOR_CSS + SETTINGS_CSS + SCREEN_CSS;

/** Serves the stylesheet; it changes only with a new release, so browsers may keep it for an hour. */
export function serveStylesheet(ctx: RequestContext): void {
  sendBody(ctx.res, 200, PANEL_CSS, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' });
}
