import { escapeHtml } from '../lib/html-escape.js';
import { fillWords, type SiteWords } from './site-words.js';

/**
 * The video hosts the consent script can turn a placeholder into a player for, each with the pattern that
 * finds the video's id. The script is written from these same patterns (consent-banner-html.ts), so what
 * the placeholder promises and what the script does cannot drift apart.
 */
export const PLAYABLE_VIDEOS = [
  { service: 'YouTube', pattern: /(?:youtube(?:-nocookie)?\.com\/(?:watch\?v=|embed\/|shorts\/)|youtu\.be\/)([A-Za-z0-9_-]{6,20})/, player: 'https://www.youtube-nocookie.com/embed/' },
  { service: 'Vimeo', pattern: /vimeo\.com\/(?:video\/)?(\d+)/, player: 'https://player.vimeo.com/video/' },
] as const;

/**
 * What a video card's placeholder says besides its link, in the page's language: which service playing
 * the video here loads and what that service may do, with a way to the privacy choices; for an address no
 * player is made for, where the link goes.
 */
export function videoNoteHtml(address: string, words: SiteWords): string {
  const playable = PLAYABLE_VIDEOS.find((video) => video.pattern.test(address));
  if (playable) {
    const note = escapeHtml(fillWords(words.text.video_note, { service: playable.service }));
    return `<p class="video-note">${note} <a href="#svc-consent" data-consent-open>${escapeHtml(words.text.video_allow)}</a></p>`;
  }
  let host = '';
  try { host = new URL(address).hostname.replace(/^www\./, ''); } catch { /* a site path: no host to name */ }
  return host ? `<p class="video-note">${escapeHtml(fillWords(words.text.video_note_elsewhere, { service: host }))}</p>` : '';
}
