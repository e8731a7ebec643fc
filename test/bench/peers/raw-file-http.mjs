// A floor for one answer: bare node:http sending the bytes of a file as JSON. No routing, no auth, no work.
// Usage: node raw-file-http.mjs PORT FILE
import http from 'node:http';
import { readFileSync } from 'node:fs';
const [port, file] = process.argv.slice(2);
const body = readFileSync(file);
http.createServer((req, res) => {
  req.resume();
  req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }); res.end(body); });
}).listen(Number(port), '127.0.0.1');
