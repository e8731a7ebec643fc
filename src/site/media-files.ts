import { closeSync, constants, createReadStream, fstatSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestContext } from '../http/router.js';
import { sendJson } from '../http/respond.js';
import { UNCACHED_NOT_FOUND } from './cache-control.js';
import { matchesIfNoneMatch, sendNotModified } from '../http/etag.js';
import { parseEntryId } from '../content/entries/entry-id.js';
import { isServedMediaName } from '../content/media-folder.js';
import { openNoFollow } from '../lib/no-follow.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

export const NO_SUCH_FILE = { message: 'No such file.' };

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif',
  svg: 'image/svg+xml', pdf: 'application/pdf', mp4: 'video/mp4', webm: 'video/webm', mp3: 'audio/mpeg', txt: 'text/plain; charset=utf-8',
};

/**
 * GET /media/<entry id>/<file>: files of an entry's media folder. The id is validated segment by segment
 * and the file name is a plain name, so no request reaches outside `content/media/`. SVG is sent as an
 * attachment-free image with a sandboxing CSP because it can carry script. The caller decides who may see
 * the file and says so in `cacheControl` (and names its cache tags in `extra`).
 *
 * The ETag is the file's size, modification time and inode rather than a hash of its bytes, so a video is
 * not read whole to answer a revalidation; a replaced file (uploads write a new file and rename it over
 * the old one) gets a new inode and time. Instances sharing one filesystem compute the same tag.
 */
export function mediaHandler(trusted: TrustedFolders, contentDir: string): (ctx: RequestContext, cacheControl: string, extra?: Record<string, string>) => void {
  return (ctx, cacheControl, extra = {}) => {
    const parts = ctx.params['*']!.split('/');
    const fileName = parts.pop() ?? '';
    let segments: string[];
    try {
      segments = parseEntryId(parts.join('/'));
    } catch {
      return sendJson(ctx.res, 404, NO_SUCH_FILE, UNCACHED_NOT_FOUND);
    }
    if (!isServedMediaName(fileName)) return sendJson(ctx.res, 404, NO_SUCH_FILE, UNCACHED_NOT_FOUND);
    const file = join(contentDir, 'media', ...segments, fileName);
    // Opened once, without following a link anywhere below content/, and served from that descriptor: a
    // link (content/media/posts/x/h.txt -> /etc/hostname) is no file of the site (lib/no-follow.ts).
    let fd: number;
    let stat;
    try {
      fd = openNoFollow(trusted, file, constants.O_RDONLY);
      stat = fstatSync(fd);
    } catch {
      return sendJson(ctx.res, 404, NO_SUCH_FILE, UNCACHED_NOT_FOUND);
    }
    if (!stat.isFile()) {
      closeSync(fd);
      return sendJson(ctx.res, 404, NO_SUCH_FILE, UNCACHED_NOT_FOUND);
    }
    const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
    const etag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}-${stat.ino.toString(36)}"`;
    const headers = {
      'content-type': (Object.hasOwn(TYPES, extension) ? TYPES[extension] : undefined) ?? 'application/octet-stream',
      'content-length': stat.size,
      'cache-control': cacheControl,
      etag,
      'x-content-type-options': 'nosniff',
      ...extra,
      ...(extension === 'svg' ? { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox" } : {}),
    };
    if (matchesIfNoneMatch(ctx.req.headers['if-none-match'], etag)) {
      closeSync(fd);
      return sendNotModified(ctx.res, etag, headers);
    }
    ctx.res.writeHead(200, headers);
    if (ctx.req.method === 'HEAD') {
      closeSync(fd);
      return void ctx.res.end();
    }
    // The stream closes the descriptor when it ends, fails, or the client goes away.
    const stream = createReadStream('', { fd, start: 0 }).on('error', () => ctx.res.destroy());
    ctx.res.on('close', () => stream.destroy());
    stream.pipe(ctx.res);
  };
}
