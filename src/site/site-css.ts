// The default theme's stylesheet: readable on a phone, no web fonts, no external requests. Colours are
// custom properties so the dark scheme (prefers-color-scheme) only swaps values; every text colour keeps a
// contrast of at least 4.5:1 on its background in both schemes (WCAG AA).

const LIGHT = '--text:#1d232a;--back:#fbfaf7;--muted:#5b6570;--link:#1f5fa8;--line:#e4e1da;--quote:#c9c3b6;'
  + '--callout:#eef4fb;--callout-warning:#fbefe9;--callout-tip:#ecf7f0;--warning:#b5471b;--tip:#2c7a4b;--video:#1d232a;--on-link:#fff';

/**
 * An entry's own style.css was written against the light colours (a paper background, dark red headings):
 * in the dark scheme its <main> keeps the light ones, a light page inside the dark site, rather than light
 * text on the background the entry chose.
 */
export const SITE_CSS = `
:root{color-scheme:light dark;${LIGHT}}
@media (prefers-color-scheme:dark){:root{--text:#e7e4dd;--back:#15191e;--muted:#a9b2bc;--link:#8cbcf2;--line:#2e353d;--quote:#4a525b;
--callout:#1c2836;--callout-warning:#2a1f1a;--callout-tip:#1a2a21;--warning:#e08a63;--tip:#6cc592;--video:#0b0e11;--on-link:#0d1a26}
:where(main.own-style){color-scheme:light;${LIGHT};color:var(--text);background:var(--back);border-radius:6px;padding-top:.5rem;padding-bottom:.5rem}}
*,*::before,*::after{box-sizing:border-box}
html{font:17px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--text);background:var(--back)}
body{margin:0}
a{color:var(--link)}
.skip-link{position:absolute;left:.5rem;top:-3rem;padding:.5rem .9rem;background:var(--link);color:var(--on-link);border-radius:0 0 6px 6px;z-index:20}
.skip-link:focus{top:0}
main:focus{outline:none}
header.site,footer.site{max-width:44rem;margin:0 auto;padding:1rem 1.25rem;display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;align-items:baseline}
header.site .brand{font-weight:700;font-size:1.15rem;text-decoration:none;color:inherit;margin-right:auto}
header.site nav a{margin-right:.9rem}
footer.site{color:var(--muted);font-size:.85rem;border-top:1px solid var(--line);margin-top:3rem;flex-direction:column;gap:.25rem}
footer.site p{margin:0}.footer-links a{margin-right:1rem}
main{display:block;max-width:44rem;margin:0 auto;padding:0 1.25rem}
main img{max-width:100%;height:auto}
.meta,.tags{color:var(--muted);font-size:.9rem}
.entry-list{list-style:none;padding:0}
.entry-list li{margin:0 0 2rem}
.entry-list img{border-radius:6px;display:block;margin-bottom:.5rem}
.entry-list h2{margin:.2rem 0;font-size:1.3rem}
.entry-list .more{margin:.25rem 0 0;font-size:.9rem}
.empty{color:var(--muted)}
.subpages{margin-top:2.5rem;border-top:1px solid var(--line)}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.pager{display:flex;justify-content:space-between;gap:1rem;margin:2rem 0}
.card-callout{border-left:4px solid var(--link);background:var(--callout);padding:.75rem 1rem;margin:1.25rem 0;border-radius:4px}
.card-callout-warning{border-color:var(--warning);background:var(--callout-warning)}
.card-callout-tip{border-color:var(--tip);background:var(--callout-tip)}
.entry-cover{margin:1rem 0 1.5rem}.entry-cover img{display:block;border-radius:6px}
.card-image figure{margin:1.25rem 0}.card-image figcaption{color:var(--muted);font-size:.9rem}
.card-gallery{display:grid;grid-template-columns:repeat(3,1fr);gap:.5rem;margin:1.25rem 0}
.card-gallery[data-columns="2"]{grid-template-columns:repeat(2,1fr)}.card-gallery[data-columns="4"]{grid-template-columns:repeat(4,1fr)}
.card-video{background:var(--video);color:#fff;padding:1.5rem;text-align:center;border-radius:6px;margin:1.25rem 0}.card-video a{color:#fff}
.card-video .video-note{font-size:.85rem;margin:.75rem auto 0;max-width:32rem;color:#e4e7eb}
.card-button{margin:1.5rem 0}.button{display:inline-block;padding:.55rem 1.1rem;border-radius:6px;text-decoration:none}
.button-primary{background:var(--link);color:var(--on-link)}.button-secondary{border:1px solid var(--link)}
.card-quote blockquote{margin:1.5rem 0;padding-left:1rem;border-left:3px solid var(--quote);font-style:italic}
.card-quote footer{font-style:normal;color:var(--muted);font-size:.9rem}
.langs a[aria-current]{font-weight:700;text-decoration:none;color:inherit}
.search-form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:1rem 0 1.5rem}.search-form label{flex-basis:100%}
.search-form input{flex:1;min-width:12rem;font:inherit;padding:.45rem .6rem;border:1px solid var(--muted);border-radius:6px;color:inherit;background:var(--back)}
.search-form button{font:inherit;padding:.45rem 1rem;border-radius:6px;border:0;background:var(--link);color:var(--on-link);cursor:pointer}
.search-results mark{background:none;color:inherit;font-weight:700}.search-note{color:var(--muted)}
`;
