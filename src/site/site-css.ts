// The default theme's stylesheet: readable on a phone, no web fonts, no external requests.
export const SITE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{font:17px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d232a;background:#fbfaf7}
body{margin:0}
a{color:#1f5fa8}
header.site,footer.site{max-width:44rem;margin:0 auto;padding:1rem 1.25rem;display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;align-items:baseline}
header.site .brand{font-weight:700;font-size:1.15rem;text-decoration:none;color:inherit;margin-right:auto}
header.site nav a{margin-right:.9rem}
footer.site{color:#5b6570;font-size:.85rem;border-top:1px solid #e4e1da;margin-top:3rem}
main{display:block;max-width:44rem;margin:0 auto;padding:0 1.25rem}
main img{max-width:100%;height:auto}
.meta{color:#5b6570;font-size:.9rem}
.entry-list{list-style:none;padding:0}
.entry-list li{margin:0 0 2rem}
.entry-list img{border-radius:6px;display:block;margin-bottom:.5rem}
.entry-list h2{margin:.2rem 0;font-size:1.3rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.pager{display:flex;justify-content:space-between;margin:2rem 0}
.card-callout{border-left:4px solid #1f5fa8;background:#eef4fb;padding:.75rem 1rem;margin:1.25rem 0;border-radius:4px}
.card-callout-warning{border-color:#b5471b;background:#fbefe9}
.card-callout-tip{border-color:#2c7a4b;background:#ecf7f0}
.cover{margin:1rem 0 1.5rem}.cover img{display:block;border-radius:6px}
.card-image figure{margin:1.25rem 0}.card-image figcaption{color:#5b6570;font-size:.9rem}
.card-gallery{display:grid;grid-template-columns:repeat(3,1fr);gap:.5rem;margin:1.25rem 0}
.card-gallery[data-columns="2"]{grid-template-columns:repeat(2,1fr)}.card-gallery[data-columns="4"]{grid-template-columns:repeat(4,1fr)}
.card-video{background:#1d232a;color:#fff;padding:2rem;text-align:center;border-radius:6px;margin:1.25rem 0}.card-video a{color:#fff}
.card-button{margin:1.5rem 0}.button{display:inline-block;padding:.55rem 1.1rem;border-radius:6px;text-decoration:none}
.button-primary{background:#1f5fa8;color:#fff}.button-secondary{border:1px solid #1f5fa8}
.card-quote blockquote{margin:1.5rem 0;padding-left:1rem;border-left:3px solid #c9c3b6;font-style:italic}
.card-quote footer{font-style:normal;color:#5b6570;font-size:.9rem}
.langs a[aria-current]{font-weight:700;text-decoration:none;color:inherit}
`;
