import { escapeAttr } from '../html-escape.js';
import type { QrCode } from './qr-encode.js';

// A QR code as inline SVG: one path of dark squares on a white field with the four-module quiet zone the
// standard asks for. Dark on white whatever the page's colours, since phone cameras read that best.

const QUIET_ZONE = 4;

/** `label` is the image's accessible name (plain text; escaped here). */
export function qrSvg(code: QrCode, label: string, pixelsPerModule = 4): string {
  const side = code.size + QUIET_ZONE * 2;
  let path = '';
  for (let y = 0; y < code.size; y++) {
    // Neighbouring dark modules in a row become one rectangle: far shorter markup.
    for (let x = 0; x < code.size; ) {
      if (!code.modules[y * code.size + x]) {
        x++;
        continue;
      }
      let end = x + 1;
      while (end < code.size && code.modules[y * code.size + end]) end++;
      path += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h${end - x}v1h-${end - x}z`;
      x = end;
    }
  }
  const pixels = side * pixelsPerModule;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="${pixels}" height="${pixels}" role="img" aria-label="${escapeAttr(label)}" shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`;
}
