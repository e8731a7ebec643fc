// Device class: the Sec-CH-UA-Mobile client hint when the browser sends it, else the viewport width.

export type Device = 'mobile' | 'tablet' | 'laptop' | 'desktop' | '(unknown)';

export function deriveDevice(mobileHint: string | undefined, width: number | undefined): Device {
  if (mobileHint === '?1') return 'mobile';
  if (width !== undefined && Number.isFinite(width) && width > 0) {
    if (width < 576) return 'mobile';
    if (width < 992) return 'tablet';
    if (width < 1440) return 'laptop';
    return 'desktop';
  }
  // "?0" says "not a phone" but not which size; a desktop-class browser is the likeliest.
  if (mobileHint === '?0') return 'desktop';
  return '(unknown)';
}
