// The panel on the screen it is on, appended to the panel stylesheet after every page's own rules (so these
// win at equal specificity):
// - the width of a desktop (the main column grows to 80rem; `.split` puts two parts side by side from 75rem,
//   about 1200 px), one column on a phone;
// - a dark scheme: the colours are variables, dark where the system prefers it unless the person chose light
//   (data-scheme on <html>, colour-scheme.ts), or where the person chose dark;
// - the Content list (filters in a row, thumbnails, the bulk bar) and the Assistants page's client tabs.
const LIGHT = '--bg:#f4f5f7;--surface:#fff;--surface-2:#fafbfc;--text:#1d2330;--muted:#5b6475;--line:#dde1e8;--field:#b8c0cc;--link:#2456c7;--tag-bg:#eef2fb;--tag-text:#1d3f8f;--code-bg:#f0f2f6;--danger:#b42318;--good:#14532d;'
  + '--error-bg:#fdecea;--error-line:#f4b4ad;--error-text:#7a1a12;--ok-bg:#e8f5ec;--ok-line:#a9d8b6;--ok-text:#14532d;--warn-bg:#fff6e0;--warn-line:#f1d08a;--warn-text:#6b4700;--mark-bg:#fffbe6';
const DARK = 'color-scheme:dark;--bg:#11151c;--surface:#1b212c;--surface-2:#202734;--text:#e4e8ef;--muted:#a7b0c0;--line:#343d4d;--field:#5d677a;--link:#9dbcff;--tag-bg:#26324d;--tag-text:#cddaff;--code-bg:#232b38;--danger:#ff9d92;--good:#86e0a6;'
  + '--error-bg:#3b1b19;--error-line:#7e3129;--error-text:#ffd2cc;--ok-bg:#14301f;--ok-line:#2f6b45;--ok-text:#c8f1d5;--warn-bg:#33290f;--warn-line:#7a5d1a;--warn-text:#ffe3a8;--mark-bg:#3a3312';

export const SCREEN_CSS = `
:root{color-scheme:light;${LIGHT}}
@media (prefers-color-scheme:dark){:root:not([data-scheme=light]){${DARK}}}
:root[data-scheme=dark]{${DARK}}
body{color:var(--text);background:var(--bg)}
a{color:var(--link)}
.card,.list>li,dl.figures>div,figure.chart,nav.periods a,.media-list li{background:var(--surface);border-color:var(--line)}
input[type=text],input[type=email],input[type=password],input[type=number],input[type=search],input[type=url],input[type=date],input[type=datetime-local],select,textarea{background:var(--surface);border-color:var(--field);color:var(--text)}
.muted,dl.facts dt,.check small,dl.figures dt,.change,table.stats thead th,figure.chart figcaption,form.range legend{color:var(--muted)}
.tag,ul.chips li{background:var(--tag-bg);color:var(--tag-text)}
pre,code.snippet,.thumb{background:var(--code-bg);border-color:var(--line)}
.secret,.diff .changed{background:var(--mark-bg)}
details.cards,details.saved-text{background:var(--surface-2);border-color:var(--line)}
fieldset.tags,fieldset.category-fields,form.range fieldset,.actions{border-color:var(--line)}
table.stats th,table.stats td{border-color:var(--line)}
button.secondary{background:var(--surface);color:var(--link)}
button.danger{background:var(--surface);color:var(--danger);border-color:var(--danger)}
.required,.change.down{color:var(--danger)}
.change.up{color:var(--good)}
del{background:var(--error-bg);color:var(--error-text)}
ins{background:var(--ok-bg);color:var(--ok-text)}
.notice.error{background:var(--error-bg);border-color:var(--error-line);color:var(--error-text)}
.notice.ok{background:var(--ok-bg);border-color:var(--ok-line);color:var(--ok-text)}
.notice.warn{background:var(--warn-bg);border-color:var(--warn-line);color:var(--warn-text)}
main{max-width:80rem}
td{overflow-wrap:anywhere}
main.wide{max-width:100rem}
.split{display:grid;grid-template-columns:minmax(0,1fr);gap:1rem;align-items:start}
@media (min-width:75rem){.split{grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:1.5rem}.split>.side{position:sticky;top:1rem}}
header.top .scheme{display:flex;align-items:center;gap:.35rem}
header.top .scheme label{margin:0;font-weight:400;color:#cfd8ea;font-size:.9rem}
header.top .scheme select{width:auto;padding:.1rem .3rem;font-size:.85rem;background:#1d2330;color:#fff;border-color:#5d677a}
.page-head{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between}
.page-head .button{margin:0 0 .5rem}
form.filters{display:flex;flex-wrap:wrap;gap:.6rem 1rem;align-items:flex-end}
form.filters .filter label{margin:0 0 .25rem}
form.filters .filter.grow{flex:1 1 16rem}
form.filters select{width:auto;max-width:100%}
form.filters button{margin-top:0}
.bulk-bar{display:flex;flex-wrap:wrap;gap:.5rem .8rem;align-items:center;margin:0 0 .6rem}
.bulk-bar button{margin-top:0;padding:.4rem .8rem}
.entry-row{display:grid;grid-template-columns:4rem minmax(0,1fr);gap:.8rem;align-items:start}
.entry-thumb{display:block;width:4rem;height:3rem;object-fit:cover;border-radius:.3rem;background:var(--code-bg)}
.tag.listed{font-weight:700}
.bulk-refused{border-left:4px solid var(--danger)!important}
.bulk-done{border-left:4px solid var(--good)!important}
[role=tablist]{display:flex;flex-wrap:wrap;gap:.3rem;border-bottom:1px solid var(--line);margin:0 0 .8rem}
[role=tab]{margin:0;border:1px solid var(--line);border-bottom:0;border-radius:.35rem .35rem 0 0;background:var(--surface-2);color:var(--link);padding:.4rem .8rem;font-weight:600}
[role=tab][aria-selected=true]{background:var(--surface);color:var(--text);box-shadow:inset 0 3px 0 var(--link)}
`.trim() + '\n';
