// The Statistics page's rules, appended to the panel stylesheet (the panel's CSP allows no inline styles).
// A dashboard that uses a desktop's width, as Plausible's does: the headline figures in one row, the chart,
// then the cards two by two (pages beside sources, locations beside devices, ...); on a phone everything is
// one column and nothing scrolls sideways but a wide table inside its own card. Colours are custom
// properties that follow the reader's light or dark scheme; each is used only on a surface painted with
// them (cards, figures, chips, period links), so the page reads whatever the panel around it does.
export const STATS_CSS = `
:root{--st-text:#1d2330;--st-surface:#fff;--st-border:#dde1e8;--st-line:#eef0f4;--st-muted:#5b6475;--st-accent:#2456c7;--st-accent-soft:#e8eefc;--st-on-accent:#fff;--st-bar:#2456c7;--st-bar-hover:#173b8f;--st-before:#8a93a3;--st-up:#14532d;--st-down:#b42318;--st-new:#6b4700;--st-new-soft:#fff6e0;--st-chip-border:#b8c0cc;--st-tip:#1d2330;--st-on-tip:#fff}
@media (prefers-color-scheme:dark){:root{--st-text:#e6e9ef;--st-surface:#1b202b;--st-border:#343b4a;--st-line:#2a303c;--st-muted:#a7b0c0;--st-accent:#8fb0ff;--st-accent-soft:#23314f;--st-on-accent:#0e1420;--st-bar:#6f95f2;--st-bar-hover:#a9c1ff;--st-before:#8f98a8;--st-up:#7ddc9a;--st-down:#ff8f85;--st-new:#f3cf7a;--st-new-soft:#3a3020;--st-chip-border:#4a5263;--st-tip:#e6e9ef;--st-on-tip:#0e1420}}
nav.periods{display:flex;flex-wrap:wrap;gap:.4rem;margin:0 0 .6rem}
nav.periods a{padding:.3rem .7rem;border:1px solid var(--st-chip-border);border-radius:999px;background:var(--st-surface);color:var(--st-accent);text-decoration:none;font-size:.92rem}
nav.periods a[aria-current=page],nav.periods a[aria-current=true]{background:var(--st-accent);border-color:var(--st-accent);color:var(--st-on-accent)}
.stats-dash{display:grid;grid-template-columns:minmax(0,1fr);gap:1rem;margin:0 0 1rem}
.stats-dash>*{min-width:0}
.stats-card,dl.figures>div{color:var(--st-text)}
.stats-card a,dl.figures a{color:var(--st-accent)}
.stats-card .muted,dl.figures .muted{color:var(--st-muted)}
dl.figures{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:.6rem;margin:0 0 .4rem}
dl.figures>div{background:var(--st-surface);border:1px solid var(--st-border);border-radius:.5rem;padding:.7rem .8rem;min-width:0}
dl.figures dt{color:var(--st-muted);font-size:.85rem}
dl.figures dd{margin:0}
dl.figures dd:nth-of-type(1){font-size:1.45rem;font-weight:700;line-height:1.3;overflow-wrap:anywhere}
dl.figures dd:nth-of-type(2){font-size:.85rem}
.stats-figures>p{margin:0}
.change{color:var(--st-muted)}
.change.up{color:var(--st-up)}
.change.down{color:var(--st-down)}
.change.new{color:var(--st-new);background:var(--st-new-soft);border-radius:.3rem;padding:0 .35rem;font-weight:600}
.stats-card{background:var(--st-surface);border:1px solid var(--st-border);border-radius:.5rem;padding:.2rem 1rem .4rem;min-width:0}
.stats-card h2{margin:.8rem 0 .6rem}
.stats-card .card.flush{border:0;border-radius:0;margin:0 -1rem;background:transparent}
.stats-grid{display:grid;grid-template-columns:minmax(0,1fr);gap:1rem;align-items:start}
ul.tabs{display:flex;flex-wrap:wrap;gap:.2rem .9rem;list-style:none;padding:0;margin:.8rem 0 .2rem;font-size:.92rem}
ul.tabs a{color:var(--st-accent)}
.stats-card.tabbed ul.tabs{margin-bottom:.6rem}
.stats-card.tabbed ul.tabs a{display:inline-block;padding:.15rem 0;text-decoration:none;color:var(--st-muted);border-bottom:2px solid transparent}
.stats-card.tabbed ul.tabs a[aria-selected=true]{color:inherit;font-weight:700;font-size:1.1rem;border-bottom-color:var(--st-accent)}
.stats-card.tabbed ul.tabs a:focus-visible{outline:3px solid #9bb7f0;outline-offset:2px}
.stats-card.tabbed .card-part>h2{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap;margin:0}
.stats-card.tabbed .card-part[hidden]{display:none}
figure.chart{margin:0 0 .4rem}
.chart-plot{position:relative;display:grid;grid-template-columns:auto minmax(0,1fr);gap:.4rem}
ol.chart-axis{display:flex;flex-direction:column;justify-content:space-between;list-style:none;margin:-.45rem 0;padding:0;height:calc(160px + .9rem);text-align:right;color:var(--st-muted);font-size:.75rem;font-variant-numeric:tabular-nums}
figure.chart svg{display:block;width:100%;overflow:visible}
figure.chart rect.value{fill:var(--st-bar)}
figure.chart line.grid{stroke:var(--st-line)}
figure.chart polyline.previous{stroke:var(--st-before);opacity:.8}
figure.chart line.grid,figure.chart polyline.previous{pointer-events:none}
figure.chart g.bar:hover rect.value,figure.chart g.bar:focus rect.value{fill:var(--st-bar-hover)}
figure.chart g.bar:focus{outline:none}
figure.chart g.bar:focus-visible rect:first-of-type{fill:var(--st-accent-soft)}
.chart-tip{position:absolute;top:-.4rem;z-index:2;margin:0;max-width:min(22rem,80%);padding:.35rem .55rem;border-radius:.35rem;background:var(--st-tip);color:var(--st-on-tip);font-size:.8rem;line-height:1.35;pointer-events:none;transform:translate(-50%,-100%)}
figure.chart figcaption{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.2rem .8rem;color:var(--st-muted);font-size:.8rem;margin-top:.3rem}
.legend{display:inline-flex;align-items:center;gap:.3rem}
.legend .key{display:inline-block;width:1rem;height:.5rem;border-radius:.15rem}
.legend .key.now{background:var(--st-bar)}
.legend .key.before{height:0;border-top:2px dashed var(--st-before);margin-left:.4rem}
.card.flush{padding:0;overflow-x:auto}
table.stats{width:100%;border-collapse:collapse;font-size:.92rem}
table.stats th,table.stats td{padding:.45rem .7rem;text-align:left;vertical-align:top;border-top:1px solid #eef0f4}
.stats-card table.stats th,.stats-card table.stats td{border-top-color:var(--st-line)}
.stats-card table.stats th:first-child,.stats-card table.stats td:first-child{padding-left:1rem}
.stats-card table.stats th:last-child,.stats-card table.stats td:last-child{padding-right:1rem}
table.stats thead th{border-top:0;color:#5b6475;font-weight:600;font-size:.8rem}
.stats-card table.stats thead th{color:var(--st-muted)}
table.stats td:first-child{overflow-wrap:anywhere;word-break:break-word}
table.stats .num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.big{font-size:1.3rem}
form.range fieldset{display:flex;flex-wrap:wrap;align-items:end;gap:.5rem;border:1px solid #b8c0cc;border-radius:.5rem;padding:.4rem .7rem .6rem;margin:0 0 .6rem}
form.range legend{font-size:.85rem}
form.range label{display:flex;flex-direction:column;font-size:.85rem}
form.range input{max-width:100%}
.filters p{margin:.2rem 0}
ul.chips{display:flex;flex-wrap:wrap;gap:.4rem;list-style:none;padding:0;margin:0 0 .6rem}
ul.chips li{padding:.25rem .4rem .25rem .7rem;border-radius:999px;background:var(--st-accent-soft);color:var(--st-text);border:1px solid var(--st-accent);font-size:.9rem;overflow-wrap:anywhere}
ul.chips a{color:var(--st-accent)}
ul.chips a{display:inline-block;min-width:1.6rem;text-align:center;text-decoration:none;font-weight:700}
p.more{margin:.3rem 0 1rem;font-size:.9rem}
.stats-card p.more{margin:.5rem 0 .6rem}
nav.pager{display:flex;gap:1rem;align-items:center;margin:.6rem 0}
.nowrap{white-space:nowrap}
@media (min-width:40rem){dl.figures{grid-template-columns:repeat(3,minmax(0,1fr))}}
@media (min-width:60rem){.stats-grid{grid-template-columns:repeat(2,minmax(0,1fr))}.stats-grid>.realtime-card{grid-column:1/-1}}
@media (min-width:72rem){dl.figures{grid-template-columns:repeat(6,minmax(0,1fr))}}
`.trim() + '\n';
