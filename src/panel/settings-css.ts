// The Settings pages' own rules (their tables are the statistics' `table.stats` in a `.scroll`): the sections
// as a row of links that wraps on a phone, and inputs in a table that keep a usable width.
export const SETTINGS_CSS = `
.settings-sections ul{list-style:none;margin:0 0 1rem;padding:0;display:flex;flex-wrap:wrap;gap:.3rem .5rem}
.settings-sections a{display:inline-block;padding:.2rem .7rem;border:1px solid var(--field,#b8c0cc);border-radius:1rem;text-decoration:none;background:var(--surface,#fff)}
.settings-sections a[aria-current=page]{background:var(--text,#1d2330);color:var(--surface,#fff)}
h2.section-title{margin-top:0}
table.stats td input,table.stats td select{min-width:7rem}
table.stats .check{margin:0;white-space:nowrap}
`;
