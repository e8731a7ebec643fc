// The entry page's and the media library's rules, appended to the panel stylesheet (the panel's CSP allows
// no inline styles). The entry page is wider, so the text and its live preview fit side by side. Controls
// that need the script carry `hidden` until it runs; `button{display:inline-block}` must not show them.
export const EDITOR_CSS = `
[hidden]{display:none!important}
main.wide{max-width:76rem}
input[type=search],input[type=url],input[type=date],input[type=datetime-local]{width:100%;font:inherit;padding:.55rem .6rem;border:1px solid #b8c0cc;border-radius:.35rem;background:#fff;color:inherit}
.translation>form.editor{margin-top:.8rem}
form.editor.live{display:grid;grid-template-columns:minmax(0,1fr);gap:1rem}
@media (min-width:64rem){form.editor.live{grid-template-columns:minmax(0,1fr) minmax(0,1fr)}}
.preview-pane iframe{width:100%;height:80vh;border:1px solid #b8c0cc;border-radius:.35rem;background:#fff;position:sticky;top:.5rem}
.actions{display:flex;flex-wrap:wrap;gap:.6rem;align-items:flex-end;margin-top:1rem;padding-top:.8rem;border-top:1px solid #dde1e8}
.actions button,.actions .publish button{margin-top:0}
.actions .publish{display:flex;flex-wrap:wrap;gap:.4rem .6rem;align-items:flex-end}
.actions .publish label{margin:0;width:100%}
.actions .publish input{width:auto;flex:1 1 12rem}
.actions p{margin:0;width:100%}
textarea{font:inherit;line-height:1.45}
textarea[data-body],textarea.code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9rem}
.required{color:#8a1c12;font-weight:400}
fieldset.tags,fieldset.category-fields{border:1px solid #dde1e8;border-radius:.4rem;padding:.3rem .8rem .8rem;margin:.8rem 0 0}
fieldset.tags .check{display:inline-flex;margin-right:1rem}
details.cards,details.saved-text{margin:.6rem 0;border:1px solid #dde1e8;border-radius:.4rem;padding:.4rem .8rem;background:#fafbfc}
details.cards summary,details.saved-text summary{cursor:pointer;font-weight:600}
details.cards pre{margin:.3rem 0}
button.small{padding:.3rem .7rem;font-size:.9rem;margin-top:.3rem}
.media-list{list-style:none;margin:.8rem 0 0;padding:0;display:grid;gap:.6rem}
.media-list li{display:grid;grid-template-columns:6rem minmax(0,1fr);gap:.8rem;align-items:start;border:1px solid #dde1e8;border-radius:.4rem;padding:.6rem}
.thumb{width:6rem;height:6rem;object-fit:cover;border-radius:.3rem;background:#eef0f4;display:block}
.facts-of-file .name{font-weight:600;overflow-wrap:anywhere}
code.snippet{display:block;margin:.3rem 0;padding:.3rem .5rem;background:#f0f2f6;border-radius:.3rem;overflow-wrap:anywhere}
.inline-form{display:inline-flex;flex-wrap:wrap;gap:.4rem;align-items:center;margin:.3rem 0 0 .4rem}
.inline-form select{width:auto}
label.inline{display:inline;margin:0;font-weight:400}
form.upload{border:2px dashed #b8c0cc;border-radius:.5rem;padding:.8rem}
form.upload.dragging{border-color:#2456c7;background:#eef2fb}
.offscreen{position:absolute;left:-9999px;top:0}
form.search{display:flex;flex-wrap:wrap;gap:.6rem;align-items:flex-end}
form.search label{margin:0;width:100%}
form.search input{flex:1 1 14rem;width:auto}
form.search button{margin-top:0}
`;
