// Styles of the review pages: revisions, their diffs, and the history log with its filters.
export const REVIEW_CSS = `
table.log{width:100%;border-collapse:collapse;font-size:.92rem}
table.log th,table.log td{padding:.45rem .6rem;text-align:left;vertical-align:top;border-top:1px solid #eef0f4;overflow-wrap:anywhere}
table.log thead th{border-top:0;color:#5b6475;font-weight:600;font-size:.8rem}
.scroll{overflow-x:auto}
.diff{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.85rem;white-space:pre-wrap;overflow-wrap:anywhere;background:#f8f9fb;border:1px solid #dde1e8;border-radius:.35rem;padding:.6rem;margin:0}
.diff .same{color:#5b6475}
.diff .changed{display:block;background:#fffbe6;border-left:3px solid #f1d08a;padding-left:.3rem}
del{background:#fdecea;color:#7a1a12;text-decoration:line-through}
ins{background:#e8f5ec;color:#14532d;text-decoration:none;border-bottom:2px solid #a9d8b6}
.filters{display:grid;grid-template-columns:repeat(auto-fit,minmax(10rem,1fr));gap:.2rem .8rem;align-items:end}
.filters label{margin:.4rem 0 .2rem}
.filters button{margin-top:.5rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`.trim();
