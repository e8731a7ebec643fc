// The Settings pages' own rules: the sections as a row of links that wraps on a phone, and the tables of
// types, fields and links, which scroll sideways on a narrow screen rather than squeeze their inputs.
export const SETTINGS_CSS = `
.settings-sections ul{list-style:none;margin:0 0 1rem;padding:0;display:flex;flex-wrap:wrap;gap:.3rem .5rem}
.settings-sections a{display:inline-block;padding:.3rem .7rem;border:1px solid #b8c0cc;border-radius:1rem;text-decoration:none;background:#fff}
.settings-sections a[aria-current=page]{background:#1d2330;border-color:#1d2330;color:#fff}
h2.section-title{margin-top:0}
.table-wrap{overflow-x:auto}
.table-wrap table{width:100%;border-collapse:collapse;font-size:.92rem}
.table-wrap th,.table-wrap td{padding:.4rem .5rem;text-align:left;vertical-align:middle;border-top:1px solid #eef0f4}
.table-wrap thead th{border-top:0;color:#5b6475;font-size:.8rem}
.table-wrap td input[type=text],.table-wrap td select{min-width:7rem}
.table-wrap .check{margin:0;white-space:nowrap}
`;
