// The Statistics page's rules, appended to the panel stylesheet (the panel's CSP allows no inline styles).
// Narrow screens get one column; from 40rem the three small tables sit side by side.
export const STATS_CSS = `
nav.periods{display:flex;flex-wrap:wrap;gap:.4rem;margin:0 0 .6rem}
nav.periods a{padding:.3rem .7rem;border:1px solid #b8c0cc;border-radius:999px;background:#fff;text-decoration:none;font-size:.92rem}
nav.periods a[aria-current=page]{background:#2456c7;border-color:#2456c7;color:#fff}
dl.figures{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:.6rem;margin:0 0 .4rem}
dl.figures>div{background:#fff;border:1px solid #dde1e8;border-radius:.5rem;padding:.7rem .8rem}
dl.figures dt{color:#5b6475;font-size:.85rem}
dl.figures dd{margin:0}
dl.figures dd:nth-of-type(1){font-size:1.45rem;font-weight:700;line-height:1.3}
dl.figures dd:nth-of-type(2){font-size:.85rem}
.change.up{color:#14532d}
.change.down{color:#b42318}
.change{color:#5b6475}
figure.chart{margin:0 0 1rem;background:#fff;border:1px solid #dde1e8;border-radius:.5rem;padding:.8rem .8rem .4rem}
figure.chart svg{display:block;width:100%}
figure.chart figcaption{display:flex;justify-content:space-between;gap:.5rem;color:#5b6475;font-size:.8rem;margin-top:.3rem}
.card.flush{padding:0;overflow-x:auto}
table.stats{width:100%;border-collapse:collapse;font-size:.92rem}
table.stats th,table.stats td{padding:.45rem .7rem;text-align:left;vertical-align:top;border-top:1px solid #eef0f4}
table.stats thead th{border-top:0;color:#5b6475;font-weight:600;font-size:.8rem}
table.stats td:first-child{overflow-wrap:anywhere;word-break:break-word}
table.stats .num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.big{font-size:1.3rem}
form.range fieldset{display:flex;flex-wrap:wrap;align-items:end;gap:.5rem;border:1px solid #dde1e8;border-radius:.5rem;padding:.4rem .7rem .6rem;margin:0 0 .6rem}
form.range legend{font-size:.85rem;color:#5b6475}
form.range label{display:flex;flex-direction:column;font-size:.85rem}
.filters p{margin:.2rem 0}
ul.chips{display:flex;flex-wrap:wrap;gap:.4rem;list-style:none;padding:0;margin:0 0 .6rem}
ul.chips li{padding:.25rem .4rem .25rem .7rem;border-radius:999px;background:#e8eefc;border:1px solid #2456c7;font-size:.9rem}
ul.chips a{display:inline-block;min-width:1.6rem;text-align:center;text-decoration:none;font-weight:700}
p.more{margin:.3rem 0 1rem;font-size:.9rem}
nav.pager{display:flex;gap:1rem;align-items:center;margin:.6rem 0}
.nowrap{white-space:nowrap}
@media (min-width:40rem){dl.figures{grid-template-columns:repeat(4,minmax(0,1fr))}.columns{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:0 .8rem}}
`.trim() + '\n';
