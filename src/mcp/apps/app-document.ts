// One app view as one self-contained HTML document (SEP-1865 "UI resource"): its style, its words in every
// language, and its script inline, nothing loaded from any address. The document carries its own CSP as
// well as the one its resource declares (app-catalog.ts), so it stays closed even in a host that applies
// none: the one script is allowed by its hash, images only as data:, no connection, no form, no base.
import { createHash } from '../../lib/node-builtins.js';
import { APP_WORDS } from './app-words.js';
import { VIEW_BRIDGE_SCRIPT } from './view-bridge.js';

/** The host's standard theme variables (the spec's McpUiStyleVariableKey) with our own values underneath. */
const APP_CSS = `
:root{color-scheme:light dark;--fg:#1d232a;--bg:#ffffff;--muted:#56606b;--line:#dcd8cf;--accent:#1f5fa8;--add:#dff3e4;--add-fg:#14532d;--del:#fde2e1;--del-fg:#7f1d1d;--warn:#8a3b12;--bar:#1f5fa8}
:root[data-theme=dark]{color-scheme:dark;--fg:#e7e4dd;--bg:#15191e;--muted:#a9b2bc;--line:#333b44;--accent:#8cbcf2;--add:#16341f;--add-fg:#b7f0c6;--del:#3d1717;--del-fg:#ffc9c6;--warn:#f0a47c;--bar:#8cbcf2}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){--fg:#e7e4dd;--bg:#15191e;--muted:#a9b2bc;--line:#333b44;--accent:#8cbcf2;--add:#16341f;--add-fg:#b7f0c6;--del:#3d1717;--del-fg:#ffc9c6;--warn:#f0a47c;--bar:#8cbcf2}}
:root[data-theme=light]{color-scheme:light}
html{font:15px/1.5 var(--font-sans,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);color:var(--color-text-primary,var(--fg));background:var(--color-background-primary,var(--bg))}
body{margin:0;padding:1rem}
h1{font-size:1.2rem;margin:0 0 .5rem}h2{font-size:1rem;margin:1.25rem 0 .5rem}
.muted,.note{color:var(--color-text-secondary,var(--muted))}
.badge{display:inline-block;border:1px solid var(--line);border-radius:999px;padding:0 .6rem;font-size:.85rem;margin-right:.4rem}
.problem{color:var(--warn)}
a{color:var(--accent)}
table{border-collapse:collapse;width:100%;margin:.25rem 0 1rem}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid var(--line);vertical-align:top}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.figures{display:flex;flex-wrap:wrap;gap:.75rem;margin:.5rem 0 1rem;padding:0;list-style:none}
.figures li{border:1px solid var(--line);border-radius:8px;padding:.5rem .75rem;min-width:8rem}
.figures b{display:block;font-size:1.3rem}
svg.chart{width:100%;height:auto;display:block;margin:.25rem 0 1rem}
svg.chart rect{fill:var(--bar)}svg.chart text{fill:var(--muted);font-size:10px}
.diff{font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace;white-space:pre-wrap;word-break:break-word;border:1px solid var(--line);border-radius:6px;padding:.5rem}
.diff del{background:var(--del);color:var(--del-fg);text-decoration:line-through}
.diff ins{background:var(--add);color:var(--add-fg);text-decoration:none}
.diff .same{color:var(--muted)}
iframe.page{width:100%;height:70vh;border:1px solid var(--line);border-radius:6px;background:#fff}
`;

export interface AppSpec {
  /** The view's name: `preview`, `review` or `stats` (its words' title is `<name>Title`). */
  name: string;
  /** The document's title, in English: the view puts its own words in once it knows the host's locale. */
  title: string;
  /** The view's own script, run after the bridge (view-bridge.ts) with `WORDS`, `words()`, `el()` and `onToolResult` at hand. */
  script: string;
}

export interface AppDocument {
  html: string;
  /** The first 16 hex digits of the document's SHA-256: part of its URI, so the URI changes when it does. */
  hash: string;
}

export function buildAppDocument(spec: AppSpec): AppDocument {
  const script = `"use strict";\nconst WORDS = ${JSON.stringify(APP_WORDS)};\n${VIEW_BRIDGE_SCRIPT}\n${spec.script}`;
  const scriptHash = createHash('sha256').update(script).digest('base64');
  // srcdoc frames load nothing: they are not fetched, so `frame-src 'none'` still lets them be drawn.
  const csp = [
    "default-src 'none'", `script-src 'sha256-${scriptHash}'`, "style-src 'unsafe-inline'", 'img-src data:',
    "font-src 'none'", "connect-src 'none'", "frame-src 'none'", "object-src 'none'", "base-uri 'none'", "form-action 'none'",
  ].join('; ');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="color-scheme" content="light dark">
<title>${spec.title}</title>
<style>${APP_CSS}</style>
</head>
<body>
<main id="app" data-app="${spec.name}" aria-live="polite"><p class="muted" id="status">${APP_WORDS.en.loading}</p></main>
<script>${script}</script>
</body>
</html>
`;
  return { html, hash: createHash('sha256').update(html).digest('hex').slice(0, 16) };
}
