import { z } from 'zod';
import { MEDIA_WAITING_MESSAGE } from '../../content/write/live-proposals.js';
import { uploadMedia } from '../../content/write/upload-media.js';
import { defineTool } from '../tool.js';
import { mcpActor, resolveVisibleEntry, writeContextOf } from './write-helpers.js';

const input = z.strictObject({
  id: z.string().min(1).max(200).describe('entry id, e.g. posts/hello'),
  name: z.string().min(1).max(255).describe('file name with extension: jpg, jpeg, png, gif, webp or avif'),
  data: z.string().describe('the file as base64, at most 10 MB'),
});

export const mediaUploadTool = defineTool({
  name: 'media_upload',
  title: 'Upload an image',
  description:
    "Adds an image to the entry's media folder. Only jpg, jpeg, png, gif, webp and avif files that really are such images are accepted; a free, safe file name is chosen. Answers id, file (media/<entry id>/<file name>) and markdown to put into the body. Same rights as content_update.",
  scope: 'content:write',
  input,
  output: 'mediaUploadOutput',
  // Adds a file under a free name and never replaces one: additive (not destructive); every call adds another
  // file, so it is not idempotent.
  readOnly: false,
  destructive: false,
  idempotent: false,
  handler: (args, { deps, principal }) => {
    const entry = resolveVisibleEntry(deps.content, principal, args.id);
    const { waiting, ...answer } = uploadMedia(writeContextOf(deps), mcpActor(principal), entry, args.name, args.data);
    // Beside the specified fields: the image waits for a person (approval of live changes, live-proposals.ts).
    return waiting ? { ...answer, waiting_for_approval: true as const, message: MEDIA_WAITING_MESSAGE } : answer;
  },
});
