// Styles of the review pages (revisions, diffs, history; their tables use table.stats), kept short: the
// whole panel stylesheet has a size budget.
export const REVIEW_CSS = `
.scroll{overflow-x:auto}
.diff .changed{display:block;background:#fffbe6}
del{background:#fdecea}
ins{background:#e8f5ec}
.actions form{display:inline-block;margin-right:.6rem}
`.trim();
