import type { IncomingMessage } from 'node:http';
import { AppError } from '../errors.js';
import { mediaType, readBody } from './body.js';
import { refuseRestOfBody } from './body-refusal.js';

/**
 * Reads a `multipart/form-data` body (file uploads) of at most `maxBytes`, refused with 413 before more is
 * read. The parts are parsed by the runtime's own Fetch implementation (`Request.formData()`), so no
 * parser of ours and no package: the body is whole in memory first, which the limit keeps small.
 */
export async function readMultipartForm(req: IncomingMessage, maxBytes: number): Promise<FormData> {
  const contentType = req.headers['content-type'] ?? '';
  if (mediaType(req) !== 'multipart/form-data') {
    refuseRestOfBody(req);
    throw new AppError('unsupported', 'The form must be sent as multipart/form-data; send it again from the page.');
  }
  if (!/;\s*boundary=/i.test(contentType)) {
    refuseRestOfBody(req);
    throw new AppError('bad_request', 'The upload has no multipart boundary; send the form again from the page.');
  }
  const body = await readBody(req, maxBytes);
  try {
    return await new Request('http://upload.invalid/', { method: 'POST', headers: { 'content-type': contentType }, body }).formData();
  } catch {
    throw new AppError('bad_request', 'The upload could not be read as a multipart form; send the form again from the page.');
  }
}
