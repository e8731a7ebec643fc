// The editor's rules (toolbar, card forms, status line, uploads, the kept copy) and the media library's
// items, appended to the panel stylesheet after editor-css.ts. Colours are the panel's own.
export const EDITOR_TOOLS_CSS = `
.toolbar{display:flex;flex-wrap:wrap;gap:.3rem;align-items:center;padding:.35rem;border:1px solid #b8c0cc;border-bottom:0;border-radius:.35rem .35rem 0 0;background:#f0f2f6}
.toolbar+textarea{border-top-left-radius:0;border-top-right-radius:0}
.toolbar button.tool{margin:0;padding:.25rem .6rem;font-size:.9rem;background:#fff;color:#1d2330;border-color:#b8c0cc}
.toolbar button.tool:hover{border-color:#2456c7;color:#2456c7}
.toolbar .tool-bold{font-weight:800}
.toolbar .tool-italic{font-style:italic;font-family:Georgia,serif}
.toolbar .tool-code{font-family:ui-monospace,Menlo,Consolas,monospace}
.toolbar .tool-group{display:flex;flex-wrap:wrap;gap:.3rem;align-items:center;margin-left:.4rem;padding-left:.6rem;border-left:1px solid #b8c0cc}
textarea[data-body].dragging,form.upload.dragging{outline:3px dashed #2456c7;outline-offset:2px;background:#eef2fb}
dialog.card-form{border:1px solid #b8c0cc;border-radius:.5rem;padding:1rem 1.2rem;max-width:min(32rem,92vw);width:100%}
dialog.card-form::backdrop{background:rgba(29,35,48,.45)}
dialog.card-form h3{margin:0 0 .4rem}
dialog.card-form select[multiple]{min-height:6rem}
.editor-status{margin:.3rem 0 0;min-height:1.5em;font-size:.9rem}
.editor-status.error{color:#8a1c12;font-weight:600}
ul.uploads{list-style:none;margin:.3rem 0;padding:0;display:grid;gap:.4rem}
ul.uploads li{border:1px solid #dde1e8;border-radius:.4rem;padding:.4rem .6rem;background:#fafbfc}
ul.uploads li.error{color:#8a1c12;border-color:#e3b3ad}
ul.uploads progress{width:10rem;vertical-align:middle}
.alt-asker{display:grid;grid-template-columns:3rem minmax(0,1fr) auto;gap:.2rem .6rem;align-items:center}
.alt-asker label{grid-column:2 / 4;margin:0;font-weight:400}
.alt-asker input{grid-column:2}
.alt-asker button{margin:0}
.alt-asker span{grid-column:2 / 4}
.thumb.small{width:3rem;height:3rem;grid-row:span 3}
.recover{display:flex;flex-wrap:wrap;gap:.4rem .6rem;align-items:center}
.recover p{margin:0;width:100%}
.recover button{margin-top:0}
.alt-form input[type=text]{flex:1 1 14rem;width:auto}
.alt-form label{margin:0}
.media-list .variants,.media-list .uses{margin:.2rem 0;font-size:.9rem}
.media-list details{margin-top:.3rem}
.media-list details summary{cursor:pointer;color:#2456c7}
`;
