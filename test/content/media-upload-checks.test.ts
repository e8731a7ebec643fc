import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkUpload, decodeBase64Strict, saveMedia, slugifyFileBase, MAX_MEDIA_BASE64_CHARS } from '../../dist/content/media.js';
import { AppError } from '../../dist/errors.js';
import { makeAvif, makeGif, makeJpeg, makePng, makeWebp } from '../helpers/images.ts';
import { makeTempFolder } from '../helpers/temp-folder.ts';
import { fileStorage } from '../../dist/content/storage/file-storage.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

const b64 = (bytes: Buffer) => bytes.toString('base64');

function refusal(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    assert.ok(error instanceof AppError, `not an AppError: ${error}`);
    assert.equal(error.kind, 'invalid_params');
    return error.message;
  }
  assert.fail('was accepted');
}

test('every accepted type is accepted when its bytes match its name', () => {
  const cases: Array<[string, Buffer, string, number, number]> = [
    ['photo.png', makePng(3, 2), 'png', 3, 2],
    ['photo.jpg', makeJpeg(), 'jpg', 3, 2],
    ['photo.JPEG', makeJpeg(), 'jpg', 3, 2],
    ['anim.gif', makeGif(), 'gif', 1, 1],
    ['pic.webp', makeWebp(), 'webp', 4, 3],
    ['pic.avif', makeAvif(), 'avif', 5, 7],
  ];
  for (const [name, bytes, kind, width, height] of cases) {
    const upload = checkUpload(name, b64(bytes));
    assert.equal(upload.kind, kind, name);
    assert.deepEqual([upload.width, upload.height], [width, height], name);
    assert.equal(upload.note, null, name);
    assert.deepEqual(upload.bytes, bytes, name);
  }
  assert.equal(checkUpload('photo.JPEG', b64(makeJpeg())).fileName, 'photo.jpeg');
});

test('a PNG named .jpg is saved as .png and the answer says why', () => {
  const upload = checkUpload('holiday.jpg', b64(makePng(4, 4)));
  assert.equal(upload.fileName, 'holiday.png');
  assert.equal(upload.note, 'The file is a PNG image although its name ends in .jpg; it was saved as .png.');
});

test('a text file named .png is refused', () => {
  assert.equal(refusal(() => checkUpload('notes.png', b64(Buffer.from('hello, I am text\n')))),
    'The data is not an image of an accepted type (jpg, jpeg, png, gif, webp, avif); check that you sent the file itself, base64-encoded.');
});

test('an image of another type (BMP, SVG) is refused whatever its name', () => {
  const bmp = Buffer.alloc(58);
  bmp.write('BM', 0, 'ascii'); bmp.writeUInt32LE(58, 2); bmp.writeUInt32LE(54, 10); bmp.writeUInt32LE(40, 14);
  bmp.writeInt32LE(1, 18); bmp.writeInt32LE(1, 22); bmp.writeUInt16LE(1, 26); bmp.writeUInt16LE(24, 28);
  assert.equal(refusal(() => checkUpload('a.png', b64(bmp))), 'The data is a bmp, not an accepted image (jpg, jpeg, png, gif, webp, avif). Convert it first.');
  assert.equal(refusal(() => checkUpload('a.svg', b64(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')))),
    'The file name has the extension ".svg"; only images are accepted: jpg, jpeg, png, gif, webp, avif. Give the name one of these extensions.');
});

test('truncated images of every type are refused', () => {
  const cases: Array<[string, Buffer, string]> = [
    ['a.png', makePng(8, 8).subarray(0, 40), 'The image is incomplete: the PNG is cut off inside a chunk. Send the whole file.'],
    ['a.png', makePng(8, 8).subarray(0, makePng(8, 8).length - 12), 'The image is incomplete: the PNG has no IEND chunk at its end. Send the whole file.'],
    ['a.jpg', makeJpeg().subarray(0, makeJpeg().length - 2), 'The image is incomplete: the JPEG does not end with its end-of-image marker. Send the whole file.'],
    ['a.gif', makeGif().subarray(0, makeGif().length - 1), 'The image is incomplete: the GIF does not end with its trailer byte. Send the whole file.'],
    ['a.webp', makeWebp().subarray(0, makeWebp().length - 1), 'The image is incomplete: the WebP is shorter than its RIFF header says. Send the whole file.'],
    ['a.avif', makeAvif().subarray(0, makeAvif().length - 2), 'The image is incomplete: the AVIF is cut off inside a box. Send the whole file.'],
  ];
  for (const [name, bytes, message] of cases) assert.equal(refusal(() => checkUpload(name, b64(Buffer.from(bytes)))), message, name);
});

test('an image with no image data is refused: a header and an end with nothing between, or a GIF header before HTML', () => {
  const png = makePng(8, 8);
  const idat = png.indexOf('IDAT') - 4;
  const pngShell = Buffer.concat([png.subarray(0, idat), png.subarray(png.indexOf('IEND') - 4)]);
  const jpeg = makeJpeg();
  const jpegShell = Buffer.concat([jpeg.subarray(0, jpeg.indexOf(Buffer.from([0xff, 0xda]))), Buffer.from([0xff, 0xd9])]);
  const webpShell = Buffer.concat([Buffer.from('RIFF'), Buffer.from([22, 0, 0, 0]), Buffer.from('WEBPVP8X'), Buffer.from([10, 0, 0, 0]), Buffer.alloc(10)]);
  const cases: Array<[string, Buffer, string]> = [
    ['a.png', pngShell, 'the PNG holds no image data (IDAT chunk)'],
    ['a.jpg', jpegShell, 'the JPEG holds no image data (no start of scan)'],
    ['a.gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00<svg onload=alert(1)>;', 'latin1'), 'the GIF holds no image (no image descriptor)'],
    ['a.webp', webpShell, 'the WebP holds no image data (VP8, VP8L or ANMF chunk)'],
  ];
  for (const [name, bytes, reason] of cases) assert.equal(refusal(() => checkUpload(name, b64(bytes))), `The image is incomplete: ${reason}. Send the whole file.`, name);
});

test('an image of more than 40,000 pixels a side is refused; 40,000 is taken', () => {
  assert.equal(refusal(() => checkUpload('wide.png', b64(makePng(40_001, 1)))), 'The image says it is 40001 × 1 pixels; at most 40,000 a side are taken. Scale it down first.');
  const header = makePng(1, 1);
  header.writeUInt32BE(2_147_483_647, 16);
  header.writeUInt32BE(2_147_483_647, 20);
  assert.match(refusal(() => checkUpload('max.png', b64(header))), /^The image says it is 2147483647 × 2147483647 pixels;/);
  assert.equal(checkUpload('edge.png', b64(makePng(40_000, 1))).width, 40_000);
});

test('invalid base64 is refused: bad characters, missing or wrong padding, white space, data: prefix, extra bits', () => {
  const message = 'The data is not valid base64: use only A-Z, a-z, 0-9, + and / with = padding to a multiple of 4 characters, and no spaces or line breaks.';
  const good = b64(makePng(2, 2));
  assert.equal(refusal(() => decodeBase64Strict(good.slice(0, 8) + '*' + good.slice(9))), message);
  assert.equal(refusal(() => decodeBase64Strict('QQ')), message);
  assert.equal(refusal(() => decodeBase64Strict('QQ=')), message);
  assert.equal(refusal(() => decodeBase64Strict('QR==')), message); // non-zero trailing bits
  assert.equal(refusal(() => decodeBase64Strict(good.slice(0, 20) + '\n' + good.slice(20))), message);
  assert.equal(refusal(() => decodeBase64Strict(good.replace(/\+/g, '-').replace(/\//g, '_') + '-_')), message);
  assert.equal(refusal(() => decodeBase64Strict(`data:image/png;base64,${good}`)), 'The data starts with "data:"; send only the base64 text after the comma.');
  assert.equal(refusal(() => decodeBase64Strict('')), 'The data is empty; send the image file as base64.');
  assert.deepEqual(decodeBase64Strict('QQ=='), Buffer.from('A'));
});

test('10 MB of base64 passes the size check and 10 MB + 1 character is refused', () => {
  const exactly = 'A'.repeat(MAX_MEDIA_BASE64_CHARS);
  assert.equal(decodeBase64Strict(exactly).length, MAX_MEDIA_BASE64_CHARS / 4 * 3);
  assert.equal(refusal(() => checkUpload('big.png', exactly + 'A')),
    'The data is 10,485,761 characters of base64; at most 10,485,760 (10 MB) are accepted. Upload a smaller image.');
});

test('file names become safe lowercase ascii slugs', () => {
  const png = b64(makePng(2, 2));
  const name = (input: string) => checkUpload(input, png).fileName;
  assert.equal(name('../../etc/passwd.png'), 'etc-passwd.png');
  assert.equal(name('..\\..\\windows\\x.png'), 'windows-x.png');
  assert.equal(name('a\0b.png'), 'a-b.png');
  assert.equal(name('Ünïcödé Fötö 写真.png'), 'unicode-foto.png');
  assert.equal(name('写真.png'), 'image.png');
  assert.equal(name('CON.png'), 'file-con.png');
  assert.equal(name('lpt1.png'), 'file-lpt1.png');
  assert.equal(name('.hidden.png'), 'hidden.png');
  assert.equal(name('...png'), 'image.png');
  assert.equal(name('My   Photo!!.PNG'), 'my-photo.png');
  assert.equal(name(`${'x'.repeat(200)}.png`), `${'x'.repeat(60)}.png`);
  assert.equal(slugifyFileBase('a<script>b'), 'a-script-b');
});

test('names with a NUL or a path after the extension are refused by their real extension', () => {
  const png = b64(makePng(2, 2));
  assert.equal(refusal(() => checkUpload('x.png\0.php', png)), 'The file name has the extension ".php"; only images are accepted: jpg, jpeg, png, gif, webp, avif. Give the name one of these extensions.');
  assert.equal(refusal(() => checkUpload('x.png/', png)), 'The file name has the extension ".png/"; only images are accepted: jpg, jpeg, png, gif, webp, avif. Give the name one of these extensions.');
  assert.equal(refusal(() => checkUpload('noextension', png)), 'The file name has no extension; only images are accepted: jpg, jpeg, png, gif, webp, avif. Give the name one of these extensions.');
});

test('a taken name gets -2, then -3; nothing is overwritten', () => {
  const dir = makeTempFolder('svc-media-');
  writeFileSync(join(dir, 'photo.png'), 'old');
  const upload = checkUpload('photo.png', b64(makePng(2, 2)));
  assert.equal(saveMedia(dir, upload, fileStorage(new TrustedFolders([dir]))), 'photo-2.png');
  assert.equal(saveMedia(dir, upload, fileStorage(new TrustedFolders([dir]))), 'photo-3.png');
  assert.equal(readFileSync(join(dir, 'photo.png'), 'utf8'), 'old');
  assert.deepEqual(readFileSync(join(dir, 'photo-3.png')), makePng(2, 2));
  assert.deepEqual(readdirSync(dir).sort(), ['photo-2.png', 'photo-3.png', 'photo.png']);
});
