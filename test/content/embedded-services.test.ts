// Which third-party services a body embeds (content/entries/embedded-services.ts): every address form each service's
// pattern knows is found, also past the quick pass that lets a body without any service name through at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EMBED_SERVICES, embedsIn } from '../../dist/content/entries/embedded-services.js';

const SAMPLES: Record<string, string[]> = {
  'YouTube': ['https://www.youtube.com/embed/abc', 'https://youtube-nocookie.com/watch?v=1', 'youtube.com/shorts/x', 'https://youtu.be/abc'],
  'Vimeo': ['https://player.vimeo.com/video/123', 'vimeo.com/42'],
  'Google Maps': ['https://www.google.com/maps/place/x', 'https://maps.google.de/?q=1', 'https://goo.gl/maps/x', 'https://maps.app.goo.gl/x'],
  'OpenStreetMap': ['https://www.openstreetmap.org/export/embed.html?bbox=1'],
  'Spotify': ['https://open.spotify.com/embed/track/1', 'open.spotify.com/show/2'],
  'SoundCloud': ['https://w.soundcloud.com/player', 'soundcloud.com/artist'],
  'X (Twitter)': ['https://platform.twitter.com/widgets.js', 'https://twitter.com/someone/status/1', 'https://x.com/someone/status/2'],
  'Instagram': ['https://www.instagram.com/p/abc/', 'instagram.com/reel/x/'],
  'Facebook': ['https://connect.facebook.net/en_US/sdk.js', 'https://www.facebook.com/plugins/post.php'],
  'Google Analytics': ['https://www.googletagmanager.com/gtag/js', 'https://www.google-analytics.com/analytics.js'],
};

test('every address form of every service is found, in any case, inside a longer body', () => {
  assert.deepEqual(Object.keys(SAMPLES).sort(), EMBED_SERVICES.map((service) => service.service).sort());
  EMBED_SERVICES.forEach((service, bit) => {
    for (const address of SAMPLES[service.service]!) {
      for (const written of [address, address.toUpperCase()]) {
        assert.equal(embedsIn(`Some text.\n\n<iframe src="${written}"></iframe>\n\nMore text.`), 1 << bit, `${service.service}: ${written}`);
      }
    }
  });
});

test('a body without any service embeds none; several are all found', () => {
  assert.equal(embedsIn('# A walk\n\nNo embeds here, only https://example.org/maps and a x-com word.'), 0);
  const both = embedsIn('https://youtu.be/a and https://www.googletagmanager.com/gtag/js');
  assert.equal(both, (1 << 0) | (1 << 9));
});
